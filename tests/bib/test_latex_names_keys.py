"""LaTeX ↔ Unicode, name lists and citation keys."""

from __future__ import annotations

from mathlsp.bib.keys import make_key, unique_key, valid_key_format
from mathlsp.bib.latex import title_to_latex, to_latex, to_text
from mathlsp.bib.names import authors_of, bibtex_name, split_names


def test_to_text_decodes_accents_and_drops_braces_outside_math() -> None:
    assert to_text(r"Sur les repr\'{e}sentations de degr\'e {$2$}") == (
        "Sur les représentations de degré $2$"
    )
    assert to_text(r"{\L}ukasz G{\"o}del \& co") == "Łukasz Gödel & co"
    assert to_text("$\\mathbb{Z}_{p}$-extensions") == "$\\mathbb{Z}_{p}$-extensions"
    assert to_text("two\n   lines") == "two lines"


def test_to_latex_encodes_non_ascii_and_escapes_specials_outside_math() -> None:
    assert to_latex("Müller & Gödel 100%") == r"M\"uller \& G\"odel 100\%"
    assert to_latex("$a_1 \\& b$") == "$a_1 \\& b$"
    assert to_latex("stray } brace {") == "stray ) brace ("


def test_title_capitals_are_protected_but_the_first_word_and_math_are_not() -> None:
    assert title_to_latex("On the Riemann $\\zeta(s)$ and SL(2)") == (
        "On the {Riemann} $\\zeta(s)$ and {SL}(2)"
    )
    assert (
        title_to_latex("Étale cohomology of Öre rings") == "\\'Etale cohomology of {\\\"Ore} rings"
    )


def test_round_trip_of_a_title_through_latex() -> None:
    for title in ("Über die Riemannsche $\\zeta$-Funktion", "A & B: 50% of $K_0$", "Łoś’s theorem"):
        assert to_text(title_to_latex(title)) == title.replace("’", "'")


def test_names_split_on_and_outside_braces() -> None:
    assert split_names("A. One and {Barnes and Noble} AND Three, T.") == [
        "A. One",
        "{Barnes and Noble}",
        "Three, T.",
    ]
    assert authors_of(r"M{\"u}ller, Hans and Doe, Jr., John and others") == (
        ["Hans Müller", "John Doe"],
        True,
    )
    assert authors_of("Grisha Perelman") == (["Grisha Perelman"], False)
    assert bibtex_name("de la Harpe", "Pierre") == "de la Harpe, Pierre"
    assert bibtex_name("Gödel", None) == r"G\"odel"


def test_keys_follow_the_format_and_never_collide() -> None:
    assert make_key("author-year-word", ["Perelman"], 2002, "The entropy formula") == (
        "perelman2002entropy"
    )
    assert make_key("author:year:word", ["Ó Dúnlaing"], None, "$K$-theory") == "odunlaing:nd:theory"
    assert make_key("authors_year", ["Green", "Tao"], 2008, "x") == "greentao_2008"
    assert make_key("not a format!", ["X"], 1, "Y") == "x1y"  # falls back to the default
    assert not valid_key_format("{evil}") and valid_key_format("author-year")
    assert unique_key("tao2008", {"Tao2008", "tao2008a"}) == "tao2008b"
    assert unique_key("new", set()) == "new"


def test_an_et_al_typed_into_the_name_list_is_and_others() -> None:
    for value in [
        "Green, Ben et~al.",
        "Green, Ben et al.",
        "Green, Ben and et al.",
        "Green, Ben, et al",
    ]:
        assert authors_of(value) == (["Ben Green"], True), value
    # a name that only contains the letters is kept
    assert authors_of("Etal, Anna and Green, Ben") == (["Anna Etal", "Ben Green"], False)


def test_boxes_and_font_commands_keep_their_words() -> None:
    # pylatexenc's default rules would drop `\mbox{…}` and `\texttt{…}` whole
    assert to_text(r"Local \mbox{behavior} of \textsc{Solutions}") == "Local behavior of Solutions"
    assert to_text(r"\textup{Up}, \textsf{sans} and \texttt{mono}") == "Up, sans and mono"
