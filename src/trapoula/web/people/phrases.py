"""Quick chat: a short list of common table phrases, sent by id so that each reader sees the
phrase in his own language (the page's strings ``qc_<id>``, static/social.js).

A phrase is stored in the table's chat as its marker (``[qc:good_luck]``); a chat message or
the chat's history carries ``phrase`` (the id) beside ``text`` (the phrase in English, what a
page that does not know the id shows).

>>> phrase_text("thanks"), phrase_of(marker("thanks"))
('[qc:thanks]', 'thanks')
>>> phrase_of("[qc:nonsense]") is None, phrase_of("thanks") is None
(True, True)
>>> chat_fields("[qc:well_played]")
{'text': 'Well played', 'phrase': 'well_played'}
"""

from __future__ import annotations

__all__ = ["PHRASES", "chat_fields", "marker", "phrase_of", "phrase_text"]

#: id -> the phrase in English (the page has it in every language of its strings)
PHRASES: dict[str, str] = {
    "hello": "Hello!",
    "good_luck": "Good luck",
    "well_played": "Well played",
    "thanks": "Thanks",
    "sorry": "Sorry",
    "oops": "Oops, misclick",
    "hurry": "Please play a little faster",
    "brb": "Back in a minute",
    "must_go": "Sorry, I must go",
    "good_game": "Good game, thanks!",
}
_PREFIX, _SUFFIX = "[qc:", "]"


def marker(phrase: str) -> str:
    """The chat text that stands for ``phrase`` (a KeyError for an unknown id)."""
    PHRASES[phrase]
    return f"{_PREFIX}{phrase}{_SUFFIX}"


phrase_text = marker


def phrase_of(text: str) -> str | None:
    """The phrase id a chat text stands for, or None."""
    if text.startswith(_PREFIX) and text.endswith(_SUFFIX):
        key = text[len(_PREFIX):-len(_SUFFIX)]
        return key if key in PHRASES else None
    return None


def chat_fields(text: str) -> dict[str, str]:
    """The ``text`` (and ``phrase``) fields of a chat line sent to a page."""
    key = phrase_of(text)
    return {"text": text} if key is None else {"text": PHRASES[key], "phrase": key}
