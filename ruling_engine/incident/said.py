"""Reading what a player said: the official term, the number, its unit and wording, and whether
the words were a conditional statement or unofficial language.

Neutral on purpose: "raise 20" gives the number 20 and no reading of it. Whether a declared
raise amount is the total bet or the increment is each club's definition rule.
"""
from __future__ import annotations

import re

from ruling_engine.numbers import whole
from ruling_engine.patterns import on_first_use
from ruling_engine.records import dataclass

OFFICIAL = ("call", "check", "bet", "raise", "fold", "all-in", "pot")
_VERBS = {"calls": "call", "checks": "check", "bets": "bet", "raises": "raise", "folds": "fold",
          "allin": "all-in", "all in": "all-in", "all-in": "all-in"}
_UNITS = {"ones": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                   "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                   "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                   "nineteen": 19},
          "tens": {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                   "seventy": 70, "eighty": 80, "ninety": 90}}
_NUMBER_WORDS = set(_UNITS["ones"]) | set(_UNITS["tens"]) | {"hundred", "thousand", "a", "and"}


@dataclass(frozen=True)
class Said:
    """What the words someone said declare."""

    term: str                 # an official term, 'amount-only' (a number alone) or 'none'
    amount: float | None      # the number said, as said
    unit: str = "none"        # pounds, pence or none (no unit said)
    wording: str = "none"     # for a raise: 'to' ("raise to 40"), 'by' ("raise by 20") or none
    conditional: bool = False  # an "if ..., then ..." statement about future action
    unofficial: bool = False   # words that are neither an official term nor an amount
    double: bool = False       # "double it": unofficial words asking for twice the bet (no number)
    qualified: bool = False    # the term said as his own act with words the rules give no meaning to
    #                            ("I fold the side pot"): the term binds; the words beside it are a reading


def _small_number(words: list, i: int):
    """(value, next index) of a number below a hundred said at words[i] ('seven', 'fifteen',
    'twenty', 'twenty five'), or None."""
    word = words[i]
    if word in _UNITS["ones"]:
        return _UNITS["ones"][word], i + 1
    if word in _UNITS["tens"]:
        value = _UNITS["tens"][word]
        if i + 1 < len(words) and words[i + 1] in _UNITS["ones"] and _UNITS["ones"][words[i + 1]] < 10:
            return value + _UNITS["ones"][words[i + 1]], i + 2
        return value, i + 1
    return None


def _number_words(words: list):
    """'one hundred and fifty' -> 150; None if the words are not a number.

    Two numbers below a hundred said one after the other, the second at least ten, are how people
    say hundreds: 'two fifty' (or 'two-fifty') is two hundred and fifty, 'twelve fifty' 1,250.
    Whether 250 is pounds or pence (£2.50) is not the words' to say: the number is given as said,
    with no unit, and the facts read its pence meaning (declared_amount_as_pence). Numbers that
    follow each other any other way ('two five') are not a number."""
    if not words or any(w not in _NUMBER_WORDS for w in words) or words == ["a"] or words == ["and"]:
        return None
    total, current, i, after_small = 0, 0, 0, False
    while i < len(words):
        word = words[i]
        if word in ("a", "and"):
            if word == "a":
                if i + 1 >= len(words) or words[i + 1] not in ("hundred", "thousand"):
                    return None
                current = current or 1
            i, after_small = i + 1, False
            continue
        if word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total += (current or 1) * 1000
            current = 0
        else:
            value, i = _small_number(words, i)
            if after_small:
                if not (0 < current < 100 and value >= 10):
                    return None
                current = current * 100 + value      # 'two fifty': the hundreds, then the rest
            else:
                current += value
            after_small = True
            continue
        i, after_small = i + 1, False
    return total + current


def _plain_numbers(raw: str) -> str:
    """Numbers as people say and write them, as digits: '8,000' -> '8000', '8k' / '2.5k' -> '8000' /
    '2500', 'two grand' -> 'two thousand'."""
    raw = re.sub(r"(?<=\d),(?=\d{3}\b)", "", raw)
    raw = re.sub(r"\b(\d+(?:\.\d+)?)\s*k\b", lambda m: f"{float(m.group(1)) * 1000:g}", raw)
    raw = re.sub(r"\b(\d+)\s+(grand|thousand)\b", lambda m: str(int(m.group(1)) * 1000), raw)
    return re.sub(r"\bgrand\b", "thousand", raw)


_ACTION_WORDS = on_first_use(r"\b(?:call|calls|calling|check|checks|checking|bet|bets|betting|raise|raises|raising|"
                           r"re-?raise|re-?raising|fold|folds|folding|all-in|all in|shove|shoving|jam|jamming)\b")
_FIRST_PERSON = r"\b(?:i|i'm|i'll|i'd|i am|i will|i would|i'm going to|i am going to|i'll be|then i)\b"
_SPEAKER_ACTS = on_first_use(_FIRST_PERSON + r"(?:\s+\S+){0,3}?\s+" + _ACTION_WORDS.pattern)
_DASHES = on_first_use(r"[\u2012\u2013\u2014\u2015\u2212]|(?<!\w)-+(?!\w)|(?<=\s)-+|-+(?=\s)")


_RAISE_WORDS = on_first_use(r"\b(?:raise|raises|raising|re-?raise|re-?raising|bet|bets|betting|all-in|all in|"
                            r"shove|shoving|jam|jamming|double)\b")


def names_raise(text) -> bool:
    """Whether the words hold a word for betting or raising ("raise, all in", "double it"): words
    that do, official or not, are no words that state no raise (League-style "chips are a call
    unless a raise is stated")."""
    return isinstance(text, str) and _RAISE_WORDS.search(text.lower()) is not None


def _is_conditional(sentence: str) -> bool:
    """An 'if ..., then ...' statement about the speaker's own future action: an if-clause, and
    in the rest of the sentence the speaker (I, I'm, I'll ...) with a betting action ('If you bet,
    I'm raising', 'I'll call if he shoves'). A condition about anything else ('If he can, so can
    I', 'If you've got queens, just pass') or someone else's action reported ('He said he'd raise
    if I bet') is not."""
    match = re.search(r"\bif\b", sentence)
    if not match:
        return False
    before, after = sentence[:match.start()], sentence[match.end():]
    if before.strip():                      # 'I'll call if he shoves': the consequence comes first
        return bool(_SPEAKER_ACTS.search(" " + before))
    split = re.search(r",|\bthen\b", after)  # 'if you bet, I'm raising' / 'if you bet then I raise'
    consequence = after[split.start():] if split else after
    return bool(_SPEAKER_ACTS.search(" " + consequence.lstrip(", ")))


def _sentences(raw: str) -> list:
    """(sentence, whether it is a question) for each sentence of what was said; a full stop that
    is a decimal point ('2.50') does not end one."""
    out = []
    for match in re.finditer(r"((?:[^.!?;]|\.(?=\d))+)([.!?;]*)", raw):
        if match.group(1).strip(" ,"):
            out.append((match.group(1).strip(), "?" in match.group(2)))
    return out


def read_said(text) -> Said:
    """What was said, read into term, number, unit and wording.

    Several sentences are read as a floor person hears them: the declaration is the last sentence
    when it is one ("Fine. I bet the pot." is "I bet the pot"), else the one sentence that declares
    something ("Call. Nice hand."); a question ("Raise?") declares nothing, and sentences that
    declare different things with none of them last are unofficial language (the floor decides).
    A remark that merely holds an action word ("I'd never raise here") stays unofficial language."""
    if text is None or not str(text).strip():
        return Said("none", None)
    raw_text = _plain_numbers(str(text).strip().lower().replace("\u2019", "'"))
    raw = _DASHES.sub(" ", raw_text)   # "raise \u2014 4,000": raise 4000
    sentences = _sentences(raw) or [(raw, False)]
    if any(_is_conditional(sentence) for sentence, _ in sentences):
        return Said("none", None, conditional=True)
    if len(sentences) == 1:
        said = _read_sentence(sentences[0][0])
        return (_fold_among_other_words(raw_text) or _declared_after_remark(raw_text) or said) \
            if said.unofficial else said
    readings = [None if question else _read_sentence(sentence) for sentence, question in sentences]
    declaring = [r for r in readings if r is not None and r.term != "none" and not r.unofficial]
    if readings[-1] is not None and readings[-1] in declaring:
        return readings[-1]
    if len(set(declaring)) == 1:
        return declaring[0]
    return _fold_among_other_words(raw_text) or _declared_after_remark(raw_text) or Said("none", None, unofficial=True)


def _fold_among_other_words(raw_text: str):
    """A fold said among words that declare nothing ("I called two. I'm out now - give me my
    three back."): a fold, when exactly one sentence or dash-set part is a fold, it asks nothing,
    and no other part declares an act of the speaker's own ("Fold - no, call" stays unofficial).

    The fold part may be the plain fold, or "I fold" followed by words the rules give no meaning
    to ("I fold the side pot": there is no folding one pot only): the term is the speaker's own
    act and binds; the words are kept as a qualification (`qualified`). A part that says what the
    speaker is not doing ("I'm not calling that") or what another player did ("he's all in")
    declares nothing of his."""
    parts = _sentences(re.sub(r"\s(?:[\u2012-\u2015\u2212]|-+)\s", ". ", raw_text))
    plain = [p for p, question in parts if not question and _read_sentence(p) == Said("fold", None)]
    qualified = [p for p, question in parts if not question and p not in plain and _is_qualified_fold(p)]
    folds = plain + qualified
    others = [p for p, _ in parts if p not in folds]
    if len(folds) == 1 and not any(_declares_own_act(p) for p in others):
        if plain:
            return Said("fold", None)
        return Said("fold", None, qualified=True)
    return None


_NOT_HIS_OWN = on_first_use(r"\b(?:not|never|don't|won't|isn't|aren't|he|she|he's|she's|they|they're|you|"
                            r"you're|his|her|their)\b(?:\s+\S+){0,2}?\s+" + _ACTION_WORDS.pattern)
_CONDITION_WORDS = {"if", "unless", "when", "once", "after", "until", "or"}


def _declares_own_act(part: str) -> bool:
    """Whether a part of what was said holds an action word that is not denied ("I'm not calling
    that") or said of someone else ("the pot he's all in for"); any action word in a condition
    ("if you bet - I'm out") makes the part one about action."""
    if re.search(r"\b(?:if|unless)\b", part):
        return bool(_ACTION_WORDS.search(part))
    return bool(_ACTION_WORDS.search(_NOT_HIS_OWN.sub(" ", part)))


def _is_qualified_fold(part: str) -> bool:
    """'I fold the side pot': the speaker's own fold ("fold", "I fold", "I'm folding") followed by
    words that add no action, no condition and no number to it."""
    words = re.sub(r"[,!?;:]|\.(?!\d)", " ", part).split()
    words = words[2:] if words[:2] == ["i", "am"] else words[1:] if words[:1] in (["i"], ["i'm"]) else words
    if words[:1] not in (["fold"], ["folds"], ["folding"]) or len(words) < 2:
        return False
    rest = " ".join(words[1:])
    return not (_CONDITION_WORDS & set(words[1:]) or _ACTION_WORDS.search(rest)
                or re.search(r"\d", rest) or _number_words(words[1:]) is not None)


def _declared_after_remark(raw_text: str):
    """A declaration said last, after a dash, behind a remark that holds no action word ("Well,
    that changes things - raise, three thousand"): the declaration, as the last of several
    sentences is. Only an action term ("raise - 4,000" is one declaration, read whole)."""
    parts = _sentences(re.sub(r"\s(?:[\u2012-\u2015\u2212]|-+)\s", ". ", raw_text))
    if len(parts) < 2 or any(question for _, question in parts):
        return None
    last = _read_sentence(parts[-1][0])
    if last.term not in OFFICIAL or last.unofficial or any(_ACTION_WORDS.search(p) for p, _ in parts[:-1]):
        return None
    return last


_FILLER = {"then", "now", "it", "please", "mate", "sorry"}   # words that add nothing to a fold


def _is_plain_fold(words: list, raw: str) -> bool:
    """The plain ways a player folds in words: 'fold' with words that add nothing to it ('fold
    then', 'I fold now', 'fold it'), 'folding', and 'I'm out' ('I'm out now'). 'Out' said alone
    with no 'I'm' is not read: it may name a card or an exit."""
    words = words[2:] if words[:2] == ["i", "am"] else words[1:] if words[:1] == ["am"] else words
    head = words[:1]
    rest = set(words[1:])
    if head in (["fold"], ["folds"], ["folding"]) and rest <= _FILLER:
        return True
    said_im_out = re.match(r"\s*(?:i'm|im|i am)\s+out\b", raw) is not None
    return said_im_out and head == ["out"] and rest <= _FILLER


_DOUBLE = on_first_use(r"(?:make it |i'll |i )?double(?: it| that| the bet| you| him| up)?")


def _is_double(raw: str) -> bool:
    """'Double it', 'double', 'make it double', 'double the bet': unofficial words that name no
    number but ask for twice the bet. Neutral: whether that is a raise to twice the bet, or of
    twice it, or nothing clear, is each club's reading."""
    return _DOUBLE.fullmatch(re.sub(r"[,!.]", "", raw).strip()) is not None


def _read_sentence(raw: str) -> Said:
    """One sentence, read into term, number, unit and wording."""
    words = re.sub(r"[,!?;:]|\.(?!\d)", " ", raw).replace("all in", "all-in").split()
    words = [part for word in words for part in ([word] if word == "all-in" else word.split("-")) if part]
    if words[:1] in (["i"], ["i'm"]) and len(words) > 1 and words[1] not in ("in",):
        words = words[1:]
    if _is_plain_fold(words, raw):
        return Said("fold", None)
    if _is_double(raw):
        return Said("none", None, unofficial=True, double=True)
    term = "none"
    if words and (words[0] in OFFICIAL or words[0] in _VERBS):
        term = _VERBS.get(words[0], words[0])
        words = words[1:]
    if words and words[0] == "the" and words[1:] == ["pot"]:
        return Said("pot", None)
    wording = "none"
    if term == "raise" and words and words[0] in ("to", "by"):
        wording, words = words[0], words[1:]
    unit, amount = "none", None
    if words:
        joined = " ".join(words)
        match = re.fullmatch(r"(£|\$)?\s*(\d+(?:\.\d+)?)\s*(p|pence|pound|pounds|quid)?", joined)
        if match:
            amount = whole(float(match.group(2)))
            unit = "pence" if match.group(3) in ("p", "pence") else (
                "pounds" if match.group(1) or match.group(3) else "none")
        else:
            tail = words[-1] if words[-1] in ("p", "pence", "pound", "pounds", "quid") else None
            number = _number_words(words[:-1] if tail else words)
            if number is None:
                return Said(term, None, unofficial=True)
            amount = number
            unit = "none" if tail is None else ("pence" if tail in ("p", "pence") else "pounds")
    if term == "none":
        return Said("amount-only", amount, unit) if amount is not None else Said("none", None, unofficial=True)
    return Said(term, amount, unit, wording)


def _one_edit_apart(word: str, term: str) -> bool:
    """One letter changed, added, dropped, or two neighbours swapped."""
    if word == term or abs(len(word) - len(term)) > 1:
        return False
    if len(word) == len(term):
        diffs = [i for i, (a, b) in enumerate(zip(word, term)) if a != b]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and word[diffs[0]] == term[diffs[1]] and word[diffs[1]] == term[diffs[0]])
    short, long_ = sorted((word, term), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


_ENGLISH = {"all", "ball", "fall", "hall", "tall", "wall", "hold", "old", "gold", "told", "cold", "bold", "sold",
            "food", "folk", "bat", "bit", "but", "get", "let", "set", "yet", "not", "hot", "got", "lot", "put",
            "pit", "pat", "pop"}   # words a player may say meaning just that


def likely_typo(text) -> str | None:
    """The official term a one-word declaration (with an amount, or alone) misspells: 'caal',
    'rasie 20', 'chek'. None for an official term, a word that only adds to one ('called',
    'raising'), and anything longer (real unofficial language: "I'm in", "let's go")."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    words = re.sub(r"[,.!?]", " ", text.strip().lower()).split()
    if words[:1] in (["i"], ["i'm"]):
        words = words[1:]
    if not words or len(words) > 2 or words[0] in OFFICIAL or words[0] in _VERBS or words[0] in _NUMBER_WORDS:
        return None
    if len(words) == 2 and not re.fullmatch(r"(£|\$)?\d+(\.\d+)?(p)?", words[1]):
        return None
    word = words[0]
    if word in _ENGLISH:
        return None
    for term in OFFICIAL:
        if len(term) >= 3 and not word.startswith(term) and _one_edit_apart(word, term):
            return term
    return None


# -- a question put to the floor ---------------------------------------------------------------------
# The words of the asker's own action a question supposes (`if:` of a said: entry: "if I shove, ...")
SUPPOSED_WORDS = {"all-in": "goes all in", "call": "calls", "check": "checks", "fold": "folds"}

# What a player asks the floor about, read from his words (a `said:` entry of `kind: question`, or
# marked words that ask something: docs/timeline.md "A question to the floor"). The topics are the
# `about:` values of a `said:` entry (knowledge/vocabulary.yaml); which issues each one asks is
# facts/question.py's. First match wins, so the narrower topics come first ("must I show my
# cards?" is about showing, "can I go all in?" about going all in, not raising).
QUESTION_TOPICS = (
    ("fee", r"\b(?:fee|fees|entry|pay|paid|charge)\b"),
    ("button", r"\b(?:button|blinds?|post|posts|posting|straddle)\b"),
    ("show", r"\b(?:show|shows|showing|table|tabled|muck|see (?:his|her|their|the) (?:hand|cards))\b"),
    ("card", r"\b(?:cards?|flop|turn|river|board|burn|exposed|flashed)\b"),
    ("all-in", r"\b(?:all[- ]in|shove|jam|push)\b"),
    ("raise", r"\b(?:re-?raise|raise|raising|bet|make it|put in more|over the top)\b"),
    ("call", r"\b(?:call|calling)\b"),
    ("check", r"\b(?:check|checking)\b"),
)
QUESTION_ABOUT = tuple(topic for topic, _ in QUESTION_TOPICS)


def is_question(text) -> bool:
    """Whether the words ask something: a sentence ending in a question mark."""
    return isinstance(text, str) and any(question for _, question in _sentences(text.strip().lower()))


def read_question(text) -> str | None:
    """What a question put to the floor is about (one of QUESTION_ABOUT), read from its words: the
    first sentence that asks something, else all of them; None when no topic can be read ("is
    that right?"): the engine then says it could not read the question, never drops it."""
    if not isinstance(text, str) or not text.strip():
        return None
    raw = text.strip().lower()
    asked = [sentence for sentence, question in _sentences(raw) if question] or [raw]
    # "if I shove, can he come back over the top?": the if-clause is the action supposed (`if:`),
    # what is asked follows it
    asked = [re.sub(r"^if\b[^,]*,\s*", "", sentence) for sentence in asked]
    for sentence in asked + [re.sub(r"^if\b[^,]*,\s*", "", raw)]:
        for topic, pattern in QUESTION_TOPICS:
            if re.search(pattern, sentence):
                return topic
    return None
