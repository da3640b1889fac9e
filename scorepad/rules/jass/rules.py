"""Jass (Schieber): the replay state and the rules (validate, apply, correction window).

A hand is logged as `deal`, `trump`, then any `weis` (one entry per player) and `stoeck`, then
`tricks` — or a `claim` (bedanken) during the hand. The hand is scored as one row when its tricks
(or the claim) arrive; who reached the target first within the hand follows the count order
(Stöck – Wys – Stich). Penalties count when logged. "After the dealer" means the next player in
the header's seating order.

Readings settled here (rules/jass.md):
- The first to play is the player after the dealer, whether he named the trump or pushed; the
  `trump_then_seat` tie-break counts the seats from him.
- A Bedanken claim's `counted` is the team's card points in tricks so far **plus** the Weis and Stöck it
  has already shown, before the multiplier. The Weis it has shown are the Weis it writes (it won the Weis
  comparison); a team that lost the comparison has no Weis to count. So the card-point part is `counted`
  less what was shown, never negative and at most 157, and each part is multiplied as the ruleset says.
- A penalty counts the moment it is logged, before anything else of the hand in progress, and is a row of
  its own; a `penalties` table in the header replaces only the kinds it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, partial
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from scorepad.log import (
    Deal,
    Entry,
    Header,
    JassClaim,
    JassContract,
    JassPenalty,
    JassStoeck,
    JassTricks,
    JassTrump,
    JassWeis,
)
from scorepad.rules import base
from scorepad.rules.jass.cards import (
    HAND_POINTS,
    Card,
    Declared,
    WeisVerdict,
    card_label,
    card_points_problem,
    contract_label,
    describe_meld,
    judge_weis,
    meld_cards,
    meld_points,
    melds_problem,
    no_stoeck_problem,
    stoeck_cards,
    tafel,
    weis_winner,
)
from scorepad.rules.jass.settings import PRESETS, Settings
from scorepad.rules.jass.view import JassView, Seating, jass_phase

STEP_LABELS = {"stoeck": "Stöck", "weis": "Weis", "tricks": "tricks"}
ORDER_LABELS = {"stoeck_weis_tricks": "Stöck – Wys – Stich", "stoeck_tricks_weis": "Stöck – Stich – Wys"}
PENALTY_LABELS = {
    "uncut_deck": "deck not cut",
    "misdeal": "misdeal",
    "out_of_turn": "playing out of turn",
    "wrong_play": "wrong play",
    "false_weis": "wrongly declared Weis",
    "custom": "correction",
}


@dataclass(frozen=True, slots=True)
class Reach:
    """Who first reached a mark within a hand: a side, or sides tied on the same step."""

    side: str | None
    step: str = ""  # "" when nobody reached it
    tied: tuple[str, ...] = ()


def first_to_reach(start: Mapping[str, int], steps: list[tuple[str, dict[str, int]]], mark: int) -> Reach:
    """Walk the hand's steps in count order; the first step that takes a side to `mark` decides."""
    # most hands take no side to the mark, even counting every gain at once: nothing to walk then
    gains = dict(start)
    for _name, points in steps:
        for side, value in points.items():
            if value > 0:
                gains[side] += value
    if all(value < mark for value in gains.values()):
        return _NOBODY
    running = dict(start)
    for name, points in steps:
        before = dict(running)
        for side, value in points.items():
            running[side] += value
        reached = tuple(s for s in running if before[s] < mark <= running[s])
        if len(reached) == 1:
            return Reach(reached[0], name)
        if reached:
            return Reach(None, name, reached)
    return Reach(None)


_NOBODY = Reach(None)
#: no Weis declared this hand: nobody writes Weis (the same verdict for every such hand, never changed)
_NO_WEIS = WeisVerdict(None, 0, "")
_NO_WEIS_SCORE = (None, 0)  # `JassState.weis_score` of a hand with nothing declared
_new: Any = tuple.__new__


@cache
def _zeros(sides: int) -> tuple[int, ...]:
    """A row's Weis or Stöck points per side when nobody scores them (one tuple shared by all such rows)."""
    return (0,) * sides
#: (seats in playing order, the forehand) -> each seat's distance from the forehand, worked out once
_SEATS_FROM: dict[tuple[tuple[str, ...], str | None], Mapping[str, int]] = {}
#: (contract, suit names, multiplier) -> the contract in words ("♥ hearts ×1")
_CONTRACT_TEXTS: dict[tuple[str, str, int], str] = {}


def _seats_from(players: tuple[str, ...], forehand: str | None) -> Mapping[str, int]:
    """Each seat's distance from the forehand (the first to play), worked out once per seating and forehand."""
    key = (players, forehand)
    seats = _SEATS_FROM.get(key)
    if seats is None:
        first = players.index(forehand) if forehand else 0
        seats = _SEATS_FROM[key] = MappingProxyType({p: (i - first) % len(players) for i, p in enumerate(players)})
    return seats


def _judged(weis: Mapping[str, tuple[Any, int]], side_of: Mapping[str, str], contract: str,
            players: tuple[str, ...], forehand: str | None, settings: Settings, names: Mapping[str, str]) -> WeisVerdict:
    """A hand's Weis comparison (`JassState.weis_verdict`), of its declarations (player -> (melds, seq))."""
    declared = [Declared(p, meld) for p, (melds, _) in weis.items() for meld in melds]
    return judge_weis(declared, side_of, contract, _seats_from(players, forehand), settings, names)


class HandWords(NamedTuple):
    """What a hand's row shows, fixed when the hand is scored: one small tuple per hand, put in words when the
    row is first read (a long log keeps no closures and no steps per hand)."""

    naming: base.Naming  # the names as they were at this hand
    hand: int
    dealer: str | None
    caller: str | None
    pushed: bool
    contract: str  # the contract in words, with its multiplier
    multiplier: int
    sides: tuple[str, ...]
    #: which team writes Weis and why: the sentence, or the judgement that gives it when the row is read (only
    #: a screen or an export shows it: a replay's summary never asks)
    weis_verdict: str | Callable[[], WeisVerdict]
    weis: tuple[int, ...]  # per side, in the order of `sides`
    stoeck: tuple[int, ...]
    cards: Mapping[str, int] | None  # a tricks entry's card points per side (None for any other row)
    match: str | None

    def trump_by(self) -> str:
        caller = self.caller
        by = self.naming.name(caller) if caller else ""
        return f"{by} (pushed)" if self.pushed else by

    def cells(self) -> dict[str, Any]:
        naming = self.naming
        words: dict[str, Any] = {
            "hand": self.hand,
            "dealer": naming.name(self.dealer) if self.dealer else "",
            "contract": self.contract,
            "multiplier": self.multiplier,
            "trump_by": self.trump_by(),
            "pushed": self.pushed,
            "weis_verdict": self.verdict_sentence(),
        }
        for side, weis, stoeck in zip(self.sides, self.weis, self.stoeck, strict=True):
            words[f"weis.{side}"] = weis
            words[f"stoeck.{side}"] = stoeck
        return words

    def verdict_sentence(self) -> str:
        verdict = self.weis_verdict
        return verdict if type(verdict) is str else cast("Callable[[], WeisVerdict]", verdict)().sentence

    def tricks(self) -> base.Words:
        """The row of a tricks entry: the hand's cells with the card points and the Match."""
        cells, cards, match = self.cells(), self.cards or {}, self.match
        for side in self.sides:
            cells[f"cards.{side}"] = cards[side]
        cells["match"] = match or ""
        return self.tricks_text(), cells

    def tricks_text(self) -> str:
        text = f"Hand {self.hand}: {self.contract} by {self.trump_by()}"
        if self.match:
            text += f", Match for {self.match}"
        return text


class TricksWords(HandWords):
    """A tricks entry's hand words (`JassState.hand_words` with its card points): handed to its row itself,
    which reads the text alone when only that is asked (`Row.text`)."""

    __slots__ = ()

    def __call__(self) -> base.Words:
        return self.tricks()

    def figures(self) -> tuple[dict[str, int], str | None]:
        """Each side's Weis written and the Match, as the row's cells give them, without putting it in words (nor
        judging the Weis again for the sentence): what the statistics count (`HandFigures`)."""
        return dict(zip(self.sides, self.weis, strict=True)), self.match

    def outline(self) -> tuple[str, str, bool, bool, str | None]:
        """The contract and who named it in words, whether a team writes Weis (the row then says why), whether
        Stöck was written, and the Match: what the row holds before its words, without judging the Weis again
        for the sentence (`HandOutline`)."""
        return self.contract, self.trump_by(), self.weis_verdict != "", any(self.stoeck), self.match

    def text(self) -> str:
        return self.tricks_text()


def _with_cell(describe: Callable[[], base.Words], key: str, value: Any) -> Callable[[], base.Words]:
    """A row's words with one cell more."""

    def words() -> base.Words:
        text, cells = describe()
        return text, {**cells, key: value}

    return words


class JassState(base.State):
    history_fields = base.State.history_fields + ("trump_seqs",)
    fixed_fields = base.State.fixed_fields + ("seating",)

    def __init__(self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]):
        super().__init__(header, settings, sides)
        self.settings: Settings = settings
        self.hand = 0  # number of the latest hand dealt
        self.phase = "start"  # start | dealt | trump (in play) | scored
        self.dealer: str | None = None
        self.contract: JassContract | None = None
        self.caller: str | None = None
        self.pushed = False
        self.trump_entry: int | None = None
        self.trump_seqs: dict[int, int] = {}  # hand -> seq of its trump (closes the previous hand's window)
        self.weis: dict[str, tuple[Any, int]] = {}  # player -> (melds, seq) this hand
        self.stoeck: tuple[str, int] | None = None  # (player, seq) this hand
        self.pending_tie: dict[str, Any] | None = None  # both teams passed the target on the tricks
        self.bergpreis: str | None = None
        self.bergpreis_note = ""
        self.seating = Seating(self.players, MappingProxyType(dict(self.sides)))
        self.prompt = self._deal_words(self.naming, 1, self.players[0], first=True)
        self.side_labels = tuple(self.sides)
        #: the hand the next entry belongs to (between hands: the coming one), set as the phase changes: the
        #: replayer asks it for every entry
        self.position = 1

    # ------------------------------------------------------------------ seats

    def after(self, player: str, seats: int = 1) -> str:
        return self.seating.after(player, seats)

    def partner(self, player: str) -> str:
        return self.seating.partner(player)

    def other_side(self, side: str) -> str:
        return self.seating.other_side(side)

    @property
    def forehand(self) -> str | None:
        """The first to play: the player after the dealer (he names trump or pushes)."""
        return self.after(self.dealer) if self.dealer else None

    @property
    def next_dealer(self) -> str:
        return self.after(self.dealer) if self.dealer else self.players[0]

    def seats_from_forehand(self) -> Mapping[str, int]:
        return _seats_from(self.players, self.forehand)

    # ------------------------------------------------------------------ this hand

    @property
    def multiplier(self) -> int:
        return self.settings.multipliers[self.contract] if self.contract else 1

    def contract_text(self) -> str:
        return self._contract_words(self.contract)

    def _contract_words(self, contract: JassContract | None) -> str:
        if not contract:
            return ""
        suit_names = self.settings.suit_names
        multiplier = self.settings.multipliers[contract]
        key = (contract, suit_names, multiplier)
        text = _CONTRACT_TEXTS.get(key)
        if text is None:
            text = _CONTRACT_TEXTS[key] = f"{contract_label(contract, suit_names)} ×{multiplier}"
        return text

    def declared(self) -> list[Declared]:
        return [Declared(p, meld) for p, (melds, _) in self.weis.items() for meld in melds]

    def weis_verdict(self) -> WeisVerdict:
        if not self.weis:
            return _NO_WEIS
        return self._judgement()()

    def _judgement(self) -> Callable[[], WeisVerdict]:
        """This hand's Weis comparison, to be made now or when its sentence is first read: of values that never
        change (this hand's declarations, which no later entry changes: the next hand starts a new table of
        them; its seats and names)."""
        return partial(_judged, self.weis, self.side_of, self.contract or "", self.players, self.forehand,
                       self.settings, self.names)

    def weis_score(self) -> tuple[str | None, int]:
        """Who writes Weis this hand and its points before the multiplier: the verdict without its sentence.
        When one team alone declared (nearly every hand with Weis) it writes all of them, with no comparison."""
        winner: str | None = None
        points = 0
        side_of, settings = self.side_of, self.settings
        for player, (melds, _) in self.weis.items():
            if not melds:
                continue
            side = side_of[player]
            if winner is None:
                winner = side
            elif side != winner:  # both teams declared: only the higher best Weis writes (its sentence later)
                return weis_winner(self.declared(), side_of, self.contract or "",
                                   _seats_from(self.players, self.forehand), settings)
            for meld in melds:
                points += meld_points(meld, settings)
        return winner, points

    def known_cards(self, exclude: str | None = None) -> dict[Card, tuple[str, str]]:
        """Cards some player showed this hand (Weis or Stöck): card -> (player, what)."""
        known: dict[Card, tuple[str, str]] = {}
        for player, (melds, _) in self.weis.items():
            if player == exclude:
                continue
            for meld in melds:
                for card in meld_cards(meld):
                    known.setdefault(card, (player, describe_meld(meld, self.settings.suit_names)))
        if self.stoeck and self.stoeck[0] != exclude:
            for card in self.stoeck_cards():
                known.setdefault(card, (self.stoeck[0], "Stöck"))
        return known

    def stoeck_cards(self) -> frozenset[Card]:
        return stoeck_cards(self.contract)

    def shown_by(self, side: str, verdict: WeisVerdict | None = None) -> int:
        """The Weis and Stöck `side` has shown this hand and writes, before the multiplier: what a Bedanken
        count includes besides the card points. (`verdict`: this hand's, when the caller has it already.)"""
        shown = 0
        if self.stoeck and self.side_of[self.stoeck[0]] == side:
            shown += self.settings.stoeck_points
        if verdict is None and self.contract:
            verdict = self.weis_verdict()
        if verdict is not None and verdict.winner == side:
            shown += verdict.points
        return shown

    def hand_steps(self, card_points: Mapping[str, int],
                   verdict: WeisVerdict | None = None) -> list[tuple[str, dict[str, int]]]:
        """This hand's points per step (after the multiplier), in the ruleset's count order."""
        if verdict is None:
            verdict = self.weis_verdict()
        return self._steps(card_points, verdict.winner, verdict.points)

    def _steps(self, card_points: Mapping[str, int], weis_winner: str | None,
               weis_points: int) -> list[tuple[str, dict[str, int]]]:
        s, mult = self.settings, self.multiplier
        stoeck: dict[str, int] = {}
        if self.stoeck:
            stoeck[self.side_of[self.stoeck[0]]] = s.stoeck_points * (mult if s.multiply_stoeck else 1)
        weis = {weis_winner: weis_points * (mult if s.multiply_weis else 1)} if weis_winner else {}
        tricks = {side: points * mult for side, points in card_points.items()}
        if s.count_order == "stoeck_weis_tricks":
            return [("stoeck", stoeck), ("weis", weis), ("tricks", tricks)]
        by_name = {"stoeck": stoeck, "weis": weis, "tricks": tricks}
        return [(name, by_name[name]) for name in s.count_order.split("_")]

    def hand_cells(self, steps: list[tuple[str, dict[str, int]]],
                   verdict: WeisVerdict | None = None) -> dict[str, Any]:
        return self.hand_words(steps, verdict or self.weis_verdict()).cells()

    def hand_words(self, steps: list[tuple[str, dict[str, int]]], verdict: WeisVerdict,
                   cards: Mapping[str, int] | None = None, match: str | None = None) -> HandWords:
        """The hand's words, worked out when its row is first read (`Row.later`): of values that never change
        (the naming of this hand, the numbers), so a long log folds its hands without putting them in words.
        (`cards` and `match`: of a tricks entry, for its row's text and cells.)"""
        return self._hand_words(steps, verdict.sentence, cards, match)

    def _hand_words(self, steps: list[tuple[str, dict[str, int]]], verdict: str | Callable[[], WeisVerdict],
                    cards: Mapping[str, int] | None = None, match: str | None = None) -> HandWords:
        by_name = dict(steps)
        weis, stoeck = by_name["weis"], by_name["stoeck"]
        sides = self.side_labels
        words = HandWords if cards is None else TricksWords  # a tricks entry's row is put in words by them
        return words(self.naming, self.hand, self.dealer, self.caller, self.pushed, self.contract_text(),
                     self.multiplier, sides, verdict,
                     tuple([weis.get(side, 0) for side in sides]) if weis else (0,) * len(sides),
                     tuple([stoeck.get(side, 0) for side in sides]) if stoeck else (0,) * len(sides),
                     cards, match)

    def end_hand(self) -> None:
        self.phase = "scored"
        self.position = self.hand + 1
        self.weis = {}
        self.stoeck = None
        self.prompt_later("next", self.hand + 1, self.dealer)

    # ------------------------------------------------------------------ what the table enters next

    @property
    def prompt(self) -> str:
        prompt = self._prompt
        return prompt if type(prompt) is str else self._prompt_words(*prompt)

    @prompt.setter
    def prompt(self, text: str) -> None:
        self._prompt: str | tuple[Any, ...] = text

    def prompt_later(self, kind: str, hand: int, player: str | None) -> None:
        """The prompt, put in words only when read (a long log sets two or three a hand and reads the last),
        in the names of now: `kind` "next" (who deals hand `hand` after `player` dealt), "trump" (hand `hand`
        was dealt by `player`) or "play" (hand `hand`'s trump is named)."""
        self._prompt = (kind, self.naming, hand, player, self.contract if kind == "play" else None)

    def _prompt_words(self, kind: str, naming: base.Naming, hand: int, player: str | None,
                      contract: JassContract | None) -> str:
        if kind == "next":
            return self._deal_words(naming, hand, self.after(player) if player else self.players[0])
        if kind == "trump":
            forehand = self.after(player or "")
            return f"Hand {hand}: {naming.name(forehand)} names the trump or pushes to {naming.name(self.partner(forehand))}"
        return f"Hand {hand}, {self._contract_words(contract)}: Weis, Stöck, then the card points"

    def _deal_words(self, naming: base.Naming, hand: int, dealer: str, first: bool = False) -> str:
        """The next hand as the table sees it: who deals (the form never asks it) and who names the trump."""
        forehand = self.after(dealer)
        deals = "deals first" if first else "deals"
        return (f"Hand {hand}: {naming.name(dealer)} {deals}; {naming.name(forehand)} names the trump or "
                f"pushes to {naming.name(self.partner(forehand))}")

    # ------------------------------------------------------------------ screens

    def board_lines(self) -> tuple[str, ...]:
        if self.status == "finished":
            return (f"Game over: {self.result}",)
        goal = f"Game to {self.settings.target} · {ORDER_LABELS[self.settings.count_order]}"
        lines: list[str]
        if self.questions:
            lines = [f"Question for the table: {q}" for q in self.questions]
        elif self.phase in ("start", "scored"):
            dealer = self.next_dealer
            lines = [f"Hand {self.hand + 1}: {self.name(dealer)} deals, "
                     f"{self.name(self.after(dealer))} names trump or pushes"]
        elif self.phase == "dealt" and self.forehand:
            lines = [f"Hand {self.hand}: {self.name(self.dealer or '')} dealt, "
                     f"{self.name(self.forehand)} names trump or pushes to {self.name(self.partner(self.forehand))}"]
        else:
            by = self.name(self.caller) if self.caller else ""
            lines = [f"Hand {self.hand}: {self.contract_text()} named by {by}" + (" (pushed)" if self.pushed else "")]
            verdict = self.weis_verdict()
            if verdict.sentence:
                lines.append(verdict.sentence)
            if self.stoeck:
                lines.append(f"Stöck: {self.name(self.stoeck[0])}")
        if self.bergpreis_note:
            lines.append(self.bergpreis_note)
        return (*lines, goal)

    def view(self) -> JassView:
        verdict = self.weis_verdict() if self.contract else WeisVerdict(None, 0, "")
        in_play = self.phase == "trump"
        return JassView(
            phase=jass_phase(self.phase, self.status == "finished"),
            number=self.position,
            seating=self.seating,
            hand=self.hand,
            dealer=self.dealer,
            forehand=self.forehand,
            next_dealer=self.next_dealer,
            trump_callers=(self.forehand, self.partner(self.forehand)) if self.forehand else (),
            contract=self.contract if in_play else None,
            contract_label=self.contract_text() if in_play else "",
            multiplier=self.multiplier if in_play else None,
            caller=self.caller if in_play else None,
            pushed=self.pushed,
            weis=MappingProxyType({
                p: tuple(describe_meld(m, self.settings.suit_names) for m in melds)
                for p, (melds, _) in self.weis.items()
            }),
            weis_verdict=verdict.sentence,
            stoeck=self.stoeck[0] if self.stoeck else None,
            target=self.settings.target,
            tafel=MappingProxyType({side: tafel(total) for side, total in self.totals.items()}),
            bergpreis=self.bergpreis,
            bergpreis_note=self.bergpreis_note,
            count_order=ORDER_LABELS[self.settings.count_order],
        )


class JassRules(base.Rules):
    game = "jass"
    title = "Jass (Schieber)"
    settings_model = Settings
    presets = PRESETS
    min_players = 4
    max_players = 4
    partners_opposite = True

    def settings(self, rules: Mapping[str, Any]) -> Settings:
        """The header's rules over a preset; a dict setting (multipliers …) keeps the keys it does not name."""
        values = dict(rules)
        preset = values.get("preset")
        if preset is not None:
            if preset not in PRESETS:
                raise ValueError(f"unknown preset {preset!r} (presets: {', '.join(PRESETS)})")
            base_values = PRESETS[preset]
            merged = {**base_values, **values}
            for key, value in base_values.items():
                if isinstance(value, dict) and isinstance(values.get(key), dict):
                    merged[key] = {**value, **values[key]}
            values = merged
        return Settings(**values)

    def default_sides(self, players: tuple[str, ...], settings: Any) -> dict[str, tuple[str, ...]]:
        return base.pairs_opposite(players)

    def new_state(self, header: Header, settings: Any, sides: Mapping[str, tuple[str, ...]]) -> JassState:
        return JassState(header, settings, sides)

    # ------------------------------------------------------------------ validate

    def validate(self, state: JassState, entry: Entry) -> str | None:
        check = _CHECKS[type(entry)]
        refusal = self._refused_first(state, entry, check)
        if refusal is not None or check is None:
            return refusal
        return check(self, state, entry)

    @staticmethod
    def _refused_first(state: JassState, entry: Entry, check: Any) -> str | None:
        """What refuses an entry before its own check (for `validate` and `fold` alike): a kind of entry with no
        place in Jass, anything but the claim while the table is asked who reached the target first, a game over."""
        if check is None:
            return f"a {entry.type!r} entry has no place in Jass"
        if state.pending_tie and check is not JassRules._check_claim:
            return f"first the table must say which team reached {state.settings.target} first: log that team's claim"
        if state.status == "finished":
            return f"the game is over: {state.result}"
        return None

    @staticmethod
    def _unknown_player(state: JassState, player: str) -> str | None:
        if player not in state.players:
            return f"{player!r} is not a player of this game"
        return None

    @staticmethod
    def _unknown_side(state: JassState, side: str) -> str | None:
        if side not in state.sides:
            return f"{side!r} is not a team: the teams are {' and '.join(state.sides)}"
        return None

    def _check_deal(self, state: JassState, entry: Deal) -> str | None:
        if entry.dealer not in state.players:
            return self._unknown_player(state, entry.dealer)
        if state.phase == "trump" and state.caller is not None:
            return (
                f"hand {state.hand} is in play ({state.name(state.caller)} named "
                f"{state.contract_text()}, entry {state.trump_entry}): log its card points first"
            )
        return None

    def _check_trump(self, state: JassState, entry: JassTrump) -> str | None:
        if entry.player not in state.players:
            return self._unknown_player(state, entry.player)
        if state.phase in ("start", "scored"):
            return f"deal first: who deals hand {state.hand + 1}?"
        if state.phase == "trump" and state.caller is not None:
            return (
                f"{state.name(state.caller)} already named {state.contract_text()} for hand {state.hand} "
                f"(entry {state.trump_entry}); amend that entry to change it"
            )
        assert state.dealer is not None  # "dealt": a deal named the dealer
        forehand = state.after(state.dealer)
        partner = state.partner(forehand)
        if entry.player == (partner if entry.pushed else forehand):  # as it should be: no words needed
            return None
        dealer = state.name(state.dealer)
        if entry.pushed and entry.player != partner:
            if entry.player == forehand:
                return f"{state.name(forehand)} pushed, so the partner {state.name(partner)} names the trump"
            return f"a pushed trump is named by {state.name(partner)}, partner of {state.name(forehand)}"
        if not entry.pushed and entry.player != forehand:
            return (
                f"{state.name(forehand)} (after the dealer {dealer}) names the trump, "
                f"or pushes it to {state.name(partner)}"
            )
        return None

    def _hand_in_play(self, state: JassState, what: str) -> str | None:
        if state.phase in ("start", "scored"):
            return f"{what}: no hand is in play; deal hand {state.hand + 1} and name its trump first"
        if state.phase == "dealt":
            return f"{what}: nobody has named the trump of hand {state.hand} yet"
        return None

    def _check_weis(self, state: JassState, entry: JassWeis) -> str | None:
        player = entry.player
        if player not in state.players or state.phase != "trump":  # (else neither refuses)
            return self._unknown_player(state, player) or self._hand_in_play(state, "Weis")
        if player in state.weis:
            return (
                f"{state.name(player)}'s Weis is already entry {state.weis[player][1]}; amend it to change the melds"
            )
        melds, settings = entry.melds, state.settings
        if problem := melds_problem(melds, settings, settings.suit_names):
            return f"{state.name(player)} cannot declare that: {problem}"
        own = meld_cards(melds[0]) if len(melds) == 1 else frozenset().union(*(meld_cards(m) for m in melds))
        if state.stoeck and state.stoeck[0] == player:
            own |= state.stoeck_cards()
            if len(own) > 9:
                return f"{state.name(player)} cannot declare that: with the Stöck it needs {len(own)} cards; a hand has 9"
        return self._card_clash(state, player, own)

    @staticmethod
    def _card_clash(state: JassState, player: str, cards: frozenset[Card]) -> str | None:
        # nearly always no card of `cards` was shown by another player this hand: found without words
        for other, (melds, _) in state.weis.items():
            if other != player and any(not cards.isdisjoint(meld_cards(meld)) for meld in melds):
                break
        else:
            stoeck = state.stoeck
            if not stoeck or stoeck[0] == player or cards.isdisjoint(state.stoeck_cards()):
                return None
        known = state.known_cards(exclude=player)
        for card in sorted(cards, key=lambda c: (c[1], c[0])):
            if card in known:
                holder, what = known[card]
                label = card_label(card, state.settings.suit_names)
                return f"the {label} is in {state.name(holder)}'s {what}: it cannot be in {state.name(player)}'s hand too"
        return None

    def _check_stoeck(self, state: JassState, entry: JassStoeck) -> str | None:
        if entry.player not in state.players or state.phase != "trump":  # (else neither refuses)
            return self._unknown_player(state, entry.player) or self._hand_in_play(state, "Stöck")
        if problem := no_stoeck_problem(state.contract):
            return problem
        if state.stoeck:
            holder, seq = state.stoeck
            return (
                f"{state.name(holder)} already has the Stöck this hand (entry {seq}): "
                "there is one king and one queen of trumps"
            )
        own = state.stoeck_cards()
        if entry.player in state.weis:
            own |= frozenset().union(*(meld_cards(m) for m in state.weis[entry.player][0]))
            if len(own) > 9:
                return (
                    f"{state.name(entry.player)}'s Weis and Stöck would need {len(own)} cards; a hand has 9"
                )
        return self._card_clash(state, entry.player, state.stoeck_cards())

    def _check_tricks(self, state: JassState, entry: JassTricks) -> str | None:
        if state.phase != "trump":  # (the trump named: a hand in play)
            return self._hand_in_play(state, "card points")
        given, sides = entry.points, state.sides
        for side in given:
            if side not in sides:
                return self._unknown_side(state, side)
        if entry.match and entry.match not in sides:
            return self._unknown_side(state, entry.match)
        for side, points in given.items():
            if points < 0:
                return f"card points cannot be negative ({side}: {points})"
            if points > HAND_POINTS:
                return card_points_problem(points)
        if len(given) == 2 and sum(given.values()) != HAND_POINTS:
            shown = " + ".join(str(p) for p in given.values())
            return f"a hand has {HAND_POINTS} card points: {shown} is {sum(given.values())}"
        if entry.match:
            cards = self.card_points(state, entry)
            other = state.other_side(entry.match)
            if cards[entry.match] != HAND_POINTS or cards[other] != 0:
                return (
                    f"a Match takes all nine tricks and all {HAND_POINTS} card points: "
                    f"{entry.match} {cards[entry.match]}, {other} {cards[other]} is not a Match"
                )
        return None

    def _check_penalty(self, state: JassState, entry: JassPenalty) -> str | None:
        if problem := self._unknown_side(state, entry.against):
            return problem
        if entry.kind == "custom":
            if entry.points == 0:
                return "a custom penalty of 0 points changes nothing"
            return None
        if state.settings.penalties[entry.kind] == 0:
            return f"this table charges nothing for {PENALTY_LABELS[entry.kind]} (ruleset)"
        return None

    def _check_claim(self, state: JassState, entry: JassClaim) -> str | None:
        if problem := self._unknown_side(state, entry.team):
            return problem
        if entry.counted < 0:
            return f"card points counted cannot be negative ({entry.counted})"
        target = state.settings.target
        if state.pending_tie:
            tie = state.pending_tie
            if entry.team not in tie["sides"]:
                return f"{entry.team} did not reach {target} in hand {tie['hand']}"
            if entry.counted > HAND_POINTS:
                return f"a hand has {HAND_POINTS} card points; {entry.counted} counted is more"
            if entry.counted > tie["cards"][entry.team]:
                return f"{entry.team} took {tie['cards'][entry.team]} card points in hand {tie['hand']}, not {entry.counted}"
            standing = tie["before"][entry.team] + entry.counted * tie["multiplier"]
            if standing < target:
                return (
                    f"{entry.counted} card points (×{tie['multiplier']}) take {entry.team} to {standing}, "
                    f"short of {target}: say how many they had counted when they reached it"
                )
            return None
        if problem := self._hand_in_play(state, "a claim (bedanken)"):
            return problem
        shown = state.shown_by(entry.team)
        if entry.counted < shown:
            return (f"{entry.team} counted {entry.counted}, less than the {shown} of Weis and Stöck they have shown: "
                    "the count includes them")
        if entry.counted - shown > HAND_POINTS:
            less = f" less the {shown} of Weis and Stöck shown" if shown else ""
            return f"a hand has {HAND_POINTS} card points; {entry.counted} counted{less} is more"
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, state: JassState, entry: Entry, seq: int) -> None:
        fold = _FOLDS[type(entry)]
        if fold is not None:
            fold(self, state, entry, seq)

    def fold(self, state: JassState, entry: Entry, seq: int) -> str | None:
        """`validate` and `apply` in one: the entry's check and fold found by one look-up of its type."""
        check, fold = _STEPS[type(entry)]
        # nearly every entry is of a kind Jass knows, with no question open and the game on: only otherwise is
        # `_refused_first` asked
        if check is None or state.pending_tie or state.status == "finished":
            refusal = self._refused_first(state, entry, check)
            if refusal is not None or check is None:
                return refusal
        reason = check(self, state, entry)
        if reason is None:
            fold(self, state, entry, seq)
        return reason

    def _apply_deal(self, state: JassState, entry: Deal, seq: int) -> None:
        if state.phase != "dealt":  # a deal over a dealt hand without trump is a redeal of that hand
            state.hand += 1
        state.phase = "dealt"
        state.position = state.hand
        state.dealer = entry.dealer
        state.contract = state.caller = state.trump_entry = None
        state.pushed = False
        state.weis, state.stoeck = {}, None
        state.prompt_later("trump", state.hand, entry.dealer)

    def _apply_trump(self, state: JassState, entry: JassTrump, seq: int) -> None:
        state.phase = "trump"
        state.position = state.hand
        state.contract, state.caller, state.pushed = entry.contract, entry.player, entry.pushed
        state.trump_entry = seq
        if state.hand in state.trump_seqs:  # changed, not added: a new dict (checkpoints share the old)
            state.trump_seqs = {**state.trump_seqs, state.hand: seq}
        else:
            state.trump_seqs[state.hand] = seq
        state.prompt_later("play", state.hand, None)

    def _apply_weis(self, state: JassState, entry: JassWeis, seq: int) -> None:
        state.weis[entry.player] = (entry.melds, seq)

    def _apply_stoeck(self, state: JassState, entry: JassStoeck, seq: int) -> None:
        state.stoeck = (entry.player, seq)

    @staticmethod
    def card_points(state: JassState, entry: JassTricks) -> dict[str, int]:
        """Both teams' card points from a tricks entry (one team is enough: the other has 157 − x)."""
        points = dict(entry.points)
        for side in state.sides:
            if side not in points:
                points[side] = HAND_POINTS - sum(points.values())
        return points

    def _apply_tricks(self, state: JassState, entry: JassTricks, seq: int) -> None:
        cards = self.card_points(state, entry)
        match, settings = entry.match or None, state.settings
        # who writes Weis, once per hand (about half the hands have none declared); the sentence why only when
        # the row's words are read
        winner, points = state.weis_score() if state.weis else _NO_WEIS_SCORE
        if not settings.bergpreis:
            # the hand's points per side straight away (no steps): every step's points are ≥ 0, so nobody
            # reaches the target unless the whole hand takes him there, and then the steps are walked
            contract, sides = state.contract, state.side_labels
            multiplier = settings.multipliers[contract] if contract else 1  # (state.multiplier)
            stoeck = state.stoeck
            if winner is None and not stoeck:  # no Weis written, no Stöck: most hands
                weis_row = stoeck_row = _zeros(len(sides))
            else:
                weis = points * (multiplier if settings.multiply_weis else 1) if winner else 0
                stoeck_side = state.side_of[stoeck[0]] if stoeck else None
                stoeck_points = settings.stoeck_points * (multiplier if settings.multiply_stoeck else 1) if stoeck else 0
                weis_row = tuple([weis if side == winner else 0 for side in sides])
                stoeck_row = tuple([stoeck_points if side == stoeck_side else 0 for side in sides])
            totals, target = state.totals, settings.target
            delta: dict[str, int] = {}
            reached = False
            for side, weis_points, stoeck_points in zip(sides, weis_row, stoeck_row, strict=True):
                won = settings.match_points if side == match else cards[side]
                delta[side] = gain = won * multiplier + weis_points + stoeck_points
                reached = reached or totals[side] + gain >= target
            if not reached:
                # (made as tuples are, without the call of a NamedTuple's __new__: once per hand)
                words = _new(TricksWords, (state.naming, state.hand, state.dealer, state.caller, state.pushed,
                                           state._contract_words(contract), multiplier, sides,
                                           state._judgement() if winner else "", weis_row, stoeck_row, cards,
                                           match))
                state.add_row_later(seq, delta, cast("Callable[[], base.Words]", words))  # (its __call__)
                state.end_hand()
                return
        written = cards
        if match:
            written = dict(cards)
            written[match] = settings.match_points
        steps = state._steps(written, winner, points)
        hand_words = state._hand_words(steps, state._judgement() if winner else "", cards, match)
        self._score_hand(state, seq, cast("Callable[[], base.Words]", hand_words), steps)  # (its __call__)
        if state.pending_tie:
            state.pending_tie["cards"] = cards

    def _apply_claim(self, state: JassState, entry: JassClaim, seq: int) -> None:
        target = state.settings.target
        if state.pending_tie:
            tie, state.pending_tie = state.pending_tie, None
            state.questions = [q for q in state.questions if q != tie["question"]]
            other = state.other_side(entry.team)
            state.finish(
                entry.team,
                f"{entry.team} win: they reached {target} first in hand {tie['hand']} "
                f"(claimed with {entry.counted} card points counted; {other} passed it later in the same hand)",
            )
            return
        verdict = state.weis_verdict() if state.contract else WeisVerdict(None, 0, "")
        cards = entry.counted - state.shown_by(entry.team, verdict)  # the count includes the Weis and Stöck shown
        steps = state.hand_steps({entry.team: cards}, verdict)
        cells_of, team, counted = state.hand_words(steps, verdict).cells, entry.team, entry.counted
        text = f"Hand {state.hand}: {team} bedanken with {counted} counted ({state.contract_text()})"

        def describe() -> base.Words:
            cells = cells_of()
            cells.update({"claim": team, "counted": counted, f"cards.{team}": cards})
            return text, cells

        start = dict(state.totals)
        self._add_hand_row(state, seq, describe, steps)
        reach = first_to_reach(start, steps, target)
        other = state.other_side(entry.team)
        if reach.side == entry.team:
            state.finish(
                entry.team,
                f"{entry.team} win: they thanked off (bedanken) with {state.totals[entry.team]}, "
                f"reaching {target}",
            )
        elif reach.side == other:
            state.finish(
                other,
                f"{other} win: their {STEP_LABELS[reach.step]} reached {target} before {entry.team}'s claim",
            )
        else:
            state.finish(
                other,
                f"{other} win: {entry.team} thanked off (bedanken) at {state.totals[entry.team]}, short of {target}",
            )
        state.end_hand()
        state.prompt = state.result

    def _apply_penalty(self, state: JassState, entry: JassPenalty, seq: int) -> None:
        points = (entry.points or 0) if entry.kind == "custom" else state.settings.penalties[entry.kind]
        to = state.other_side(entry.against)
        label = PENALTY_LABELS[entry.kind]
        text = f"Penalty ({label}) against {entry.against}: {to} {points:+d}"
        if entry.note:
            text += f" — {entry.note}"
        start = dict(state.totals)
        state.add_row(
            seq, text, {to: points}, penalty=entry.kind, against=entry.against, points=points, note=entry.note
        )
        self._check_bergpreis(state, start, [("penalty", {to: points})])
        if start[to] < state.settings.target <= state.totals[to]:
            state.finish(
                to, f"{to} win: the {label} penalty against {entry.against} takes them to {state.totals[to]}"
            )
            state.prompt = state.result

    # ------------------------------------------------------------------ scoring a hand

    def _add_hand_row(
        self,
        state: JassState,
        seq: int,
        describe: Callable[[], base.Words],
        steps: list[tuple[str, dict[str, int]]],
    ) -> None:
        delta = {side: sum(points.get(side, 0) for _, points in steps) for side in state.sides}
        start = dict(state.totals)
        if self._check_bergpreis(state, start, steps):
            describe = _with_cell(describe, "bergpreis", state.bergpreis or "")
        state.add_row_later(seq, delta, describe)

    def _score_hand(
        self,
        state: JassState,
        seq: int,
        describe: Callable[[], base.Words],
        steps: list[tuple[str, dict[str, int]]],
    ) -> None:
        target = state.settings.target
        start, multiplier = dict(state.totals), state.multiplier
        self._add_hand_row(state, seq, describe, steps)
        reach = first_to_reach(start, steps, target)
        hand = state.hand
        state.end_hand()
        if reach.side:
            state.finish(reach.side, self._win_sentence(state, reach.side, reach.step, hand))
            state.prompt = state.result
        elif reach.tied:
            question = (
                f"Both {' and '.join(reach.tied)} passed {target} with the card points of hand {hand}: "
                "which team reached it first? Log its claim (bedanken) with the card points it had counted."
            )
            before = dict(start)
            for _step, points in steps[: [n for n, _ in steps].index(reach.step)]:
                for side, value in points.items():
                    before[side] += value
            state.pending_tie = {
                "hand": hand, "sides": reach.tied, "before": before, "multiplier": multiplier,
                "question": question, "cards": {},
            }  # fmt: skip
            state.questions.append(question)
            state.prompt = question

    @staticmethod
    def _win_sentence(state: JassState, winner: str, step: str, hand: int) -> str:
        target = state.settings.target
        other = state.other_side(winner)
        if state.totals[other] >= target:
            order = ORDER_LABELS[state.settings.count_order]
            return (
                f"{winner} win: both teams passed {target} in hand {hand}, but {STEP_LABELS[step]} count "
                f"first ({order}), so {winner} got there first"
            )
        return f"{winner} win: {state.totals[winner]} reaches {target} in hand {hand}"

    @staticmethod
    def _check_bergpreis(
        state: JassState, start: Mapping[str, int], steps: list[tuple[str, dict[str, int]]]
    ) -> bool:
        """Award the Bergpreis if this row brings a team to half the target first; True if decided now."""
        if not state.settings.bergpreis or state.bergpreis or state.bergpreis_note:
            return False
        mark = state.settings.bergpreis_mark
        if any(total >= mark for total in start.values()):
            return False
        reach = first_to_reach(start, steps, mark)
        if reach.side:
            state.bergpreis = reach.side
            return True
        if reach.tied:
            state.bergpreis_note = (
                f"both teams passed {mark} with the card points of the same hand: no Bergpreis"
            )
            return True
        return False

    # ------------------------------------------------------------------ corrections

    def correction_window(
        self, state: JassState, target: int, original: Entry, replacement: Entry | None,
        trial: Callable[[], Any] | None = None,
    ) -> str | None:
        hand = state.positions.get(target)
        if hand is None:
            return None
        next_trump = state.trump_seqs.get(hand + 1)
        if next_trump is not None:
            return f"the next hand's trump was entry {next_trump} (a hand may be corrected until the next trump is named)"
        return None

    def extra(self, state: JassState) -> dict[str, Any]:
        if not state.settings.bergpreis:
            return {}
        return {"bergpreis": state.bergpreis}


#: the entries a Jass log holds besides notes and renames (the replayer handles those): each one's check and
#: how it is folded in, by type
_CHECKS = base.ByType((
    (Deal, JassRules._check_deal),
    (JassTrump, JassRules._check_trump),
    (JassWeis, JassRules._check_weis),
    (JassStoeck, JassRules._check_stoeck),
    (JassTricks, JassRules._check_tricks),
    (JassPenalty, JassRules._check_penalty),
    (JassClaim, JassRules._check_claim),
))
_FOLDS = base.ByType((
    (Deal, JassRules._apply_deal),
    (JassTrump, JassRules._apply_trump),
    (JassWeis, JassRules._apply_weis),
    (JassStoeck, JassRules._apply_stoeck),
    (JassTricks, JassRules._apply_tricks),
    (JassClaim, JassRules._apply_claim),
    (JassPenalty, JassRules._apply_penalty),
))

#: each entry's check and its fold, for `fold`: both tables above in one
_STEPS = base.ByTypes(_CHECKS, _FOLDS)

RULES = JassRules()
