"""What the Auction Bridge form takes from the keyboard: contracts ("3hx"), honours ("w4h"), sides by letter.

Pure functions (no Textual): each parser returns the log's values or raises ValueError with the sentence a
player reads. Numbers (trick values, honour values …) come from the ruleset, never from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorepad.locale import N_, _
from scorepad.rules.auction_bridge import (
    Contract,
    Settings,
    holdings_for,
    honour_value,
    is_bid,
    parse_call,
)
from scorepad.rules.auction_bridge.calls import HOLDING_TEXT, STRAIN_NAMES
from scorepad.rules.auction_bridge.scoring import contract_terms

#: the form's short codes for the honour holdings: trumps, and the same keys at no trump (aces)
TRUMP_CODES = {
    "3": "3",
    "4": "4",
    "5": "5",
    "4h": "4_one_hand",
    "4h5": "4_one_hand_5th_partner",
    "5h": "5_one_hand",
}
NO_TRUMP_CODES = {"3": "3_aces", "4": "4_aces", "4h": "4_aces_one_hand"}
DOUBLING_SUFFIXES = (("xx", "redoubled"), ("x", "doubled"))
CONTRACT_HELP = N_("a contract: level and suit (3h, 1nt, 2r for royal spades), x doubled, xx redoubled")

# so the codes stay in step with the rules' holdings
assert set(TRUMP_CODES.values()) == set(holdings_for("S"))
assert set(NO_TRUMP_CODES.values()) == set(holdings_for("NT"))


def codes_for(strain: str) -> dict[str, str]:
    return NO_TRUMP_CODES if strain == "NT" else TRUMP_CODES


def parse_contract(text: str) -> tuple[str, str]:
    """'3hx' -> ('3H', 'doubled'); '1nt' -> ('1NT', 'none'); '2rxx' -> ('2R', 'redoubled')."""
    word = "".join(text.split()).lower()
    if not word:
        raise ValueError(_("type {what}").format(what=_(CONTRACT_HELP)))
    double = "none"
    for suffix, doubling in DOUBLING_SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix):
            word, double = word[: -len(suffix)], doubling
            break
    try:
        call = parse_call(word)
    except ValueError as error:
        raise ValueError(_("contract: {reason}").format(reason=error)) from None
    if not is_bid(call):
        raise ValueError(
            _("{typed} is not a contract: type {what}").format(
                typed=repr(text.strip()), what=_(CONTRACT_HELP)
            )
        )
    return call, double


def side_letters(
    side_names: Mapping[str, str], members: Mapping[str, Sequence[str]], names: Mapping[str, str]
) -> dict[str, str]:
    """letter -> side: each side's first letter when the two differ, then its players' initials that are not
    taken, then the side's number (1, 2)."""
    letters: dict[str, str] = {}
    initials = {side: shown[:1].casefold() for side, shown in side_names.items()}
    if len(set(initials.values())) == len(initials):
        letters.update({letter: side for side, letter in initials.items()})
    by_player: dict[str, set[str]] = {}
    for side, players in members.items():
        for player in players:
            by_player.setdefault(names.get(player, player)[:1].casefold(), set()).add(side)
    for letter, sides in by_player.items():
        if len(sides) == 1 and letter not in letters and not letter.isdigit():
            letters[letter] = next(iter(sides))
    for number, side in enumerate(side_names, start=1):
        letters.setdefault(str(number), side)
    return letters


def letter_of(side: str, letters: Mapping[str, str]) -> str:
    return next(letter for letter, s in letters.items() if s == side)


def parse_side(text: str, letters: Mapping[str, str], side_names: Mapping[str, str]) -> str:
    word = text.strip().casefold()
    for side, shown in side_names.items():
        if word and word in (shown.casefold(), side.casefold()):
            return side
    if word in letters:
        return letters[word]
    raise ValueError(_("which side? {sides}").format(sides=side_choices(letters, side_names)))


def side_choices(letters: Mapping[str, str], side_names: Mapping[str, str]) -> str:
    return _(" or ").join(f"{letter_of(side, letters)} {shown}" for side, shown in side_names.items())


def parse_honours(
    text: str, letters: Mapping[str, str], side_names: Mapping[str, str], strain: str | None
) -> tuple[str, str] | None:
    """'w4h' -> ('We', '4_one_hand'); blank -> None (no side holds honours). At no trump the codes mean aces."""
    word = "".join(text.split()).casefold()
    if not word:
        return None
    side = letters.get(word[:1])
    if side is None:
        raise ValueError(
            _("honours: start with the side that holds them ({sides}), then {codes}").format(
                sides=side_choices(letters, side_names), codes="/".join(codes_for(strain or "S"))
            )
        )
    code = word[1:]
    if strain is None:  # no contract yet: any code of either kind
        if code in TRUMP_CODES or code in NO_TRUMP_CODES:
            return side, TRUMP_CODES.get(code) or NO_TRUMP_CODES[code]
        raise ValueError(
            _("honours: {typed} is not a holding ({codes})").format(
                typed=repr(code or _("nothing")), codes="/".join(TRUMP_CODES)
            )
        )
    codes = codes_for(strain)
    if code in codes:
        return side, codes[code]
    if code in holdings_for(strain):
        return side, code
    where = _("no trump (aces)") if strain == "NT" else STRAIN_NAMES[strain]
    raise ValueError(
        _("honours at {strain}: {typed} is not one of {codes}").format(
            strain=where, typed=repr(code or _("nothing")), codes="/".join(codes)
        )
    )


def honours_code(side: str, holding: str, letters: Mapping[str, str]) -> str:
    code = next(
        (c for codes in (TRUMP_CODES, NO_TRUMP_CODES) for c, h in codes.items() if h == holding), holding
    )
    return letter_of(side, letters) + code


def holdings_hint(strain: str, settings: Settings, *, compact: bool = False) -> str:
    """'3: simple honours 16 · 4: 4 honours 32 · …' — the short list to pick from, with the values; `compact`
    (a short screen, where the words took four lines the pad needs): '3=16 4=32 … (h: in one hand)'."""
    codes = codes_for(strain)
    if compact:
        values = " ".join(
            f"{code}={honour_value(strain, holding, settings)}" for code, holding in codes.items()
        )
        return values + (" " + _("(h: in one hand)") if any("h" in code for code in codes) else "")
    return " · ".join(
        _("{code}: {holding} {points}").format(
            code=code, holding=_(HOLDING_TEXT[holding]), points=honour_value(strain, holding, settings)
        )
        for code, holding in codes.items()
    )


def contract_value(state_names: Mapping[str, str], contract: Contract, settings: Settings) -> str:
    """ "Ann's 3♥ doubled: 16 a trick, needs 9 tricks (48 if just made); set: 100 a trick"."""
    terms = contract_terms(contract, settings)
    text = _(
        "{player}'s {contract}: {per_trick} a trick, needs {needed} tricks ({just_made} below the line if "
        "just made); set: {per_undertrick} a trick"
    ).format(
        player=state_names.get(contract.declarer, contract.declarer),
        contract=contract.text,
        per_trick=terms.per_trick,
        needed=terms.needed,
        just_made=terms.if_just_made,
        per_undertrick=terms.per_undertrick,
    )
    if terms.undertricks_cap is not None:
        text += _(", {points} at most (the dealer's one spade, Law 48)").format(points=terms.undertricks_cap)
    return text
