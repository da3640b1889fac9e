"""The message catalogues, kept with Babel (CONTRIBUTING.md, "Languages").

    python scripts/catalogues.py extract    the messages marked in scorepad/ into scorepad/locale/scorepad.pot,
                                            and every language's .po brought in step with it (new messages
                                            untranslated, changed ones fuzzy, gone ones dropped)
    python scripts/catalogues.py compile    each .po compiled to its .mo beside it (as an install does)
    python scripts/catalogues.py stats      translated, fuzzy and untranslated messages per language

The same with Babel's own command: `pybabel extract -o scorepad/locale/scorepad.pot --no-location -k pgettext:1c,2
scorepad`, then `pybabel update -i scorepad/locale/scorepad.pot -d scorepad/locale -D scorepad --no-fuzzy-matching`.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hatch_build import compile_catalogues  # noqa: E402
from scorepad import __version__  # noqa: E402
from scorepad.locale import DOMAIN, FOLDER, LANGUAGES, SOURCE, catalogue_path  # noqa: E402

TEMPLATE = FOLDER / f"{DOMAIN}.pot"
WIDTH = 110  # as the source's lines
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
#: GNU gettext's plural forms where CLDR's (Babel's default) have a third for round millions ("un million de"),
#: which none of scorepad's counts reaches
PLURAL_FORMS = {"fr": (2, "(n > 1)"), "it": (2, "(n != 1)")}


def template() -> Catalog:
    """Every message marked in scorepad's source (`_`, `N_`, `ngettext`, `pgettext`), with the comments that
    start `Translators:` above it."""
    found = Catalog(project="scorepad", version=__version__, charset="utf-8")
    for path, line, message, comments, context in extract_from_dir(
        ROOT / "scorepad",
        method_map=[("**.py", "python")],
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        found.add(message, None, [(f"scorepad/{path}", line)], auto_comments=comments, context=context)
    return found


def write(catalogue: Catalog, path: Path) -> None:
    with path.open("wb") as out:
        write_po(out, catalogue, width=WIDTH, include_lineno=False, sort_by_file=True, ignore_obsolete=True)


def extract() -> None:
    messages = template()
    write(messages, TEMPLATE)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(messages)} messages")
    for code in TRANSLATED:
        path = catalogue_path(code)
        if path.exists():
            with path.open("rb") as text:
                catalogue = read_po(text, locale=code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalogue = Catalog(
                locale=code,
                project="scorepad",
                version=__version__,
                charset="utf-8",
                fuzzy=False,  # (a fuzzy header would be left out when compiled: its plural forms with it)
                last_translator="scorepad's translators",
                language_team=LANGUAGES[code],
                msgid_bugs_address="",
                header_comment=f"# scorepad's messages in {LANGUAGES[code]}: kept with scripts/catalogues.py "
                '(CONTRIBUTING.md, "Languages").',
            )
        if code in PLURAL_FORMS:
            catalogue._num_plurals, catalogue._plural_expr = PLURAL_FORMS[code]  # (Babel has no setter)
        catalogue.update(messages, no_fuzzy_matching=True)
        catalogue.revision_date = datetime.now(UTC)
        write(catalogue, path)
    stats()


def stats() -> None:
    for code in TRANSLATED:
        with catalogue_path(code).open("rb") as text:
            catalogue = read_po(text, locale=code)
        messages = [m for m in catalogue if m.id]
        fuzzy = sum(1 for m in messages if m.fuzzy)
        untranslated = sum(
            1
            for m in messages
            if not m.fuzzy and not all(m.string if isinstance(m.string, tuple) else [m.string])
        )
        print(
            f"{code}: {len(messages) - fuzzy - untranslated} translated, {fuzzy} fuzzy, {untranslated} untranslated"
        )


def main(command: str) -> None:
    match command:
        case "extract":
            extract()
        case "compile":
            for mo in compile_catalogues(FOLDER, FOLDER):
                print(mo.relative_to(ROOT))
        case "stats":
            stats()
        case _:
            raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) == 2 else "")
