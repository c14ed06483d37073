"""Sentences the core composes for people (why a finding was raised), kept with their parts
so that an interface in another language can say them in its own words.

A :class:`Phrase` is an English template with named fields (``str.format`` syntax); each
field holds a plain value (quoted text, a number, a path: never translated) or another
phrase. ``str(phrase)`` is the English sentence (the CLI, JSON, the audit log);
:meth:`Phrase.render` puts each template through a translation first (the GUI). Every
template is declared once with :func:`template`, so that the interface's translation table
can be checked against the full list (:data:`TEMPLATES`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import Formatter

TEMPLATES: set[str] = set()
"""Every template a phrase can have (declared at import by the modules that compose them)."""


def template(text: str) -> str:
    """Declare ``text`` as a template (returned as it is)."""
    TEMPLATES.add(text)
    return text


def fields(text: str) -> set[str]:
    """The names of the fields of a template."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}


@dataclass(frozen=True)
class Phrase:
    template: str
    args: tuple[tuple[str, str | int | float | Phrase], ...] = ()

    def __str__(self) -> str:
        return self.render(lambda text: text)

    def arg(self, name: str) -> str | int | float | Phrase | None:
        return dict(self.args).get(name)

    def to_data(self) -> dict[str, object]:
        """The phrase as JSON data (:func:`from_data` reads it back)."""
        return {
            "template": self.template,
            "args": {
                name: {"phrase": value.to_data()} if isinstance(value, Phrase) else value
                for name, value in self.args
            },
        }

    def render(self, translate: Callable[[str], str]) -> str:
        """The sentence with each template (this one's and its fields') put through
        ``translate``; a translation that does not fit the fields falls back to English."""
        values = {
            name: value.render(translate) if isinstance(value, Phrase) else str(value)
            for name, value in self.args
        }
        translated = translate(self.template)
        if translated != self.template:
            try:
                if fields(translated) <= set(values):
                    return translated.format(**values)
            except (ValueError, IndexError, KeyError):
                pass  # a broken translation: say it in English
        return self.template.format(**values)


def from_data(data: object) -> Phrase | None:
    """A phrase stored with :meth:`Phrase.to_data`; None when it is not one, or one of a
    template no module declares any more (the English text stored beside it stands)."""
    if not isinstance(data, dict):
        return None
    text, args = data.get("template"), data.get("args")
    if not isinstance(text, str) or text not in TEMPLATES or not isinstance(args, dict):
        return None
    values: dict[str, str | int | float | Phrase] = {}
    for name, value in args.items():
        if isinstance(value, dict):
            nested = from_data(value.get("phrase"))
            if nested is None:
                return None
            values[str(name)] = nested
        elif isinstance(value, str | int | float) and not isinstance(value, bool):
            values[str(name)] = value
        else:
            return None
    if fields(text) - set(values):
        return None
    return Phrase(text, tuple(sorted(values.items())))


def phrase(text: str, **args: str | int | float | Phrase) -> Phrase:
    """A phrase of a declared template, with the values of its fields."""
    if text not in TEMPLATES:
        raise ValueError(f"undeclared phrase template: {text!r}")
    missing = fields(text) - set(args)
    if missing:
        raise ValueError(f"phrase {text!r} lacks {sorted(missing)}")
    return Phrase(text, tuple(sorted(args.items())))


EMPTY = template("")


def nothing() -> Phrase:
    """An empty phrase (an optional part left out)."""
    return Phrase(EMPTY)


class Said(str):
    """A sentence for people that is also a plain ``str`` (its English text), carrying its
    phrase: fields typed ``str`` (a file's note, a warning) hold it unchanged for the CLI
    and JSON, and an interface in another language translates :attr:`phrase`."""

    phrase: Phrase

    def __new__(cls, said: Phrase) -> Said:
        text = super().__new__(cls, str(said))
        text.phrase = said
        return text


def said(text: str, **args: str | int | float | Phrase) -> Said:
    """:func:`phrase` as a :class:`Said` string."""
    return Said(phrase(text, **args))
