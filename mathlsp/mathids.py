"""The identifiers mathematicians cite by: zbMATH (Zbl, JFM) and MathSciNet (MR) numbers.

A leaf module (it imports nothing of mathlsp) so that the notes model, which reads them from
LITERATURE.md, and the sources, which look them up, share one definition of their syntax.

- A **Zbl number** is `YYYY.NNNNN` for a reviewed document (`Zbl 0303.10056`), or the eight-digit
  document number of one not reviewed yet (`Zbl 07192477`, which is also zbMATH's document id
  7192477). The *Jahrbuch über die Fortschritte der Mathematik* (1868–1942) numbers its entries
  `JFM VV.PPPP.NN` (`JFM 57.0054.02`); zbMATH Open holds them too.
- An **MR number** is MathSciNet's accession number: `MR` and up to eight digits, written
  zero-padded to seven (`MR0369312`), often followed by the old review code in parentheses
  (`(51 #5556)`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

_ZBL_DOTTED = re.compile(r"\d{4}\.\d{5}")
_ZBL_DIGITS = re.compile(r"\d{7,8}")
_JFM = re.compile(r"(\d{2})\.(\d{4})\.(\d{2})")
_ZBL_PREFIX = re.compile(r"^(?:zbl\.?|zbmath|an)\s*[:.]?\s*", re.IGNORECASE)
_JFM_PREFIX = re.compile(r"^jfm\s*[:.]?\s*", re.IGNORECASE)
# zbmath.org/?q=an:0303.10056, zbmath.org/?q=an%3A0303.10056, zbmath.org/1234567,
# zbmath.org/serials/…  (only the first two name a document)
_ZBL_URL = re.compile(
    r"^https?://(?:www\.)?zbmath\.org/(?:\?q=an:(?P<an>[^&#]+)|(?P<doc>\d{1,8})/?(?:[?#].*)?)$",
    re.IGNORECASE,
)
_MR = re.compile(r"^mr\s*[:#]?\s*(?P<num>\d{1,8})(?:\s*\([^)]*\))?$", re.IGNORECASE)
_MR_URL = re.compile(
    r"^https?://(?:www\.)?(?:mathscinet\.ams\.org|ams\.org)/[^?#\s]*\?(?:[^#\s]*&)?"
    r"(?:mr|pg1=MR&s1)=(?:MR)?(?P<num>\d{1,8})(?:[&#].*)?$",
    re.IGNORECASE,
)

#: zbMATH's public page of a document, by Zbl number (reviewed, JFM or eight-digit).
ZBMATH_PAGE = "https://zbmath.org/?q=an:{}"
#: MathSciNet's page of a review (subscribers only; the number itself is public).
MATHSCINET_PAGE = "https://mathscinet.ams.org/mathscinet-getitem?mr={}"


def parse_zbl(text: str) -> str | None:
    """A Zbl or JFM number in any accepted spelling → its canonical form, else None.

    Canonical forms: `0303.10056`, `07192477` (eight digits), `JFM 57.0054.02`.
    """
    s = text.strip().strip("`").strip()
    if s[:4].lower() == "http":
        s = unquote(s)  # zbmath.org/?q=an%3A0303.10056, as browsers copy it
    m = _ZBL_URL.match(s)
    if m:
        s = m["an"] if m["an"] else m["doc"]
    s = s.strip()
    if _JFM_PREFIX.match(s):
        m = _JFM.fullmatch(_JFM_PREFIX.sub("", s).strip())
        return f"JFM {m.group(0)}" if m else None
    s = _ZBL_PREFIX.sub("", s).strip()
    if _ZBL_DOTTED.fullmatch(s):
        return s
    if _ZBL_DIGITS.fullmatch(s) or (s.isdigit() and 1 <= len(s) <= 8 and m is not None):
        return s.zfill(8)
    return None


def zbl_document_id(zbl: str) -> int | None:
    """zbMATH's document id for an eight-digit Zbl number (they coincide); None otherwise."""
    return int(zbl) if zbl.isdigit() else None


def parse_mr(text: str) -> str | None:
    """An MR number in any accepted spelling (`MR0369312`, `MR 369312`, `MR369312 (51 #5556)`,
    a MathSciNet URL) → `MR` + seven or more digits, else None."""
    s = text.strip().strip("`").strip()
    if s[:4].lower() == "http":
        s = unquote(s)
    m = _MR_URL.match(s) or _MR.match(s)
    if not m:
        return None
    number = int(m["num"])
    return f"MR{number:07d}" if number else None


def zbl_url(zbl: str) -> str:
    return ZBMATH_PAGE.format(zbl.replace(" ", "%20"))


def mr_url(mr: str) -> str:
    return MATHSCINET_PAGE.format(mr.removeprefix("MR"))


# -- in prose ("see Zbl 0303.10056", "MR0369312 (51 #5556)") ---------------------------------------
# Only behind their own prefix: an ordinary number ("1998.12345 samples", "the 12345678 primes")
# is never read as one. `MR` is case-sensitive (not "mr." or "Mr"); an MR number has at least
# five digits (MathSciNet's reach from 1940 on, as cited, zero-padded to seven).
_PROSE = re.compile(
    r"(?<![\w./])(?:"
    r"(?P<zbl>Zbl|ZBL|zbl)\.?:?[ \t]*(?P<zn>\d{4}\.\d{5}|\d{7,8})"
    r"|(?P<jfm>JFM)[ \t]*(?P<jn>\d{2}\.\d{4}\.\d{2})"
    r"|(?P<mr>MR)[ \t]?#?(?P<mn>\d{5,8})(?:[ \t]*\(\d+[ \t]*#[ \t]*\d+[a-z]?\))?"
    r")(?![\w.]\w|\w)"
)


@dataclass(frozen=True, slots=True)
class MathIdMention:
    kind: Literal["zbl", "mr"]
    value: str  # canonical: `0303.10056`, `JFM 57.0054.02`, `MR0369312`
    start: int
    end: int


def find_math_ids(text: str) -> Iterator[MathIdMention]:
    """Zbl, JFM and MR numbers written in prose, each behind its prefix."""
    if not any(prefix in text for prefix in ("Zbl", "ZBL", "zbl", "MR", "JFM")):
        return  # the common line: no regex run
    for m in _PROSE.finditer(text):
        if m["zn"]:
            zbl = parse_zbl(f"zbl:{m['zn']}")
        elif m["jn"]:
            zbl = parse_zbl(f"JFM {m['jn']}")
        else:
            mr = parse_mr(f"MR{m['mn']}")
            if mr is not None:
                yield MathIdMention("mr", mr, m.start(), m.end())
            continue
        if zbl is not None:
            yield MathIdMention("zbl", zbl, m.start(), m.end())
