"""Session transcripts: flattening, line mapping, redaction and file selection."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.core.chunking import chunk_markdown
from reverie.core.redact import mask_token, redact_sensitive_text
from reverie.core.transcripts import (
    BrokenLine,
    Message,
    describe_broken_lines,
    find_broken_lines,
    flatten_session,
    is_session_transcript_name,
    list_session_files,
    normalize_session_text,
    remap_chunk_lines,
    render_conversation,
    session_rel_path,
)


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False)


def _msg(role: str, content: Any, **extra: Any) -> str:
    return _line({"type": "message", "message": {"role": role, "content": content}, **extra})


def test_spec_item_7_build_session_entry() -> None:
    lines = [
        _line({"type": "custom", "customType": "a"}),
        _line({"type": "custom", "customType": "b"}),
        _line({"type": "session-meta", "id": "s1"}),
        _msg("user", "Hello world"),
        _line({"type": "custom", "customType": "tool-result", "content": "ignored"}),
        _msg("assistant", "Hi there, how can I help?"),
        _msg("user", "Tell me a joke"),
    ]
    transcript = flatten_session("\n".join(lines))
    assert transcript.content == (
        "User: Hello world\nAssistant: Hi there, how can I help?\nUser: Tell me a joke"
    )
    assert transcript.line_map == (4, 6, 7)
    expected = hashlib.sha256((transcript.content + "\n" + "4,6,7").encode("utf-8")).hexdigest()
    assert transcript.hash == expected


def test_spec_item_7_blank_and_invalid_lines_keep_numbering() -> None:
    lines = [
        _msg("user", "first"),
        "",
        "{not json",
        _msg("assistant", "second"),
    ]
    transcript = flatten_session("\n".join(lines))
    assert transcript.content == "User: first\nAssistant: second"
    assert transcript.line_map == (1, 4)
    lines = [_msg("user", "a"), "   ", _msg("assistant", "b")]
    assert flatten_session("\n".join(lines)).line_map == (1, 3)


def test_spec_item_8_remap_chunk_lines() -> None:
    content = "\n".join(f"User: message {i}" for i in range(5))
    chunks = chunk_markdown(content, 400, 80, mode="openclaw")
    assert [(c.start_line, c.end_line) for c in chunks] == [(1, 5)]
    remapped = remap_chunk_lines(chunks, [4, 6, 7, 10, 13])
    assert [(c.start_line, c.end_line) for c in remapped] == [(4, 13)]
    assert remapped[0].text == chunks[0].text and remapped[0].hash == chunks[0].hash


def test_remap_keeps_lines_outside_the_map_and_empty_map() -> None:
    chunks = chunk_markdown("a\nb\nc", 400, 80)
    assert [(c.start_line, c.end_line) for c in remap_chunk_lines(chunks, [7])] == [(7, 3)]
    assert remap_chunk_lines(chunks, []) == chunks


def test_roles_blocks_and_whitespace() -> None:
    lines = [
        _msg("system", "system prompt"),
        _msg("tool", "tool output"),
        _line({"type": "message", "message": "not an object"}),
        _line({"type": "response", "message": {"role": "user", "content": "wrong type"}}),
        _msg(
            "assistant",
            [
                {"type": "thinking", "thinking": "hidden"},
                {"type": "text", "text": "  Line one\n\n   line two  "},
                {"type": "toolCall", "name": "exec", "arguments": {}},
                {"type": "text", "text": "\tand\u00a0more\u3000text "},
                {"type": "text", "text": "   "},
                {"type": "image", "data": "..."},
            ],
        ),
        _msg("user", "   \n  "),
        _msg("user", [{"type": "image"}]),
        _msg("User", "wrong case role"),
        _line([1, 2, 3]),
        "NaN",
        _msg("user", 42),
    ]
    transcript = flatten_session("\n".join(lines))
    assert transcript.content == "Assistant: Line one line two and more text"
    assert transcript.line_map == (5,)


def test_crlf_jsonl_lines_parse() -> None:
    text = _msg("user", "hi") + "\r\n" + _msg("assistant", "yo") + "\r\n"
    assert flatten_session(text).content == "User: hi\nAssistant: yo"


def test_empty_transcript() -> None:
    transcript = flatten_session("")
    assert transcript.content == "" and transcript.line_map == ()
    assert transcript.hash == hashlib.sha256(b"\n").hexdigest()


def test_normalize_session_text() -> None:
    assert normalize_session_text("  a \n\n b\t\tc  ") == "a b c"
    assert normalize_session_text("x\u2028y") == "x y"


def test_transcript_redacts_secrets() -> None:
    key = "sk-proj-abc123def456ghi789jkl012"
    transcript = flatten_session(_msg("user", f"my key is {key} please keep it"))
    assert key not in transcript.content
    assert transcript.content == "User: my key is sk-pro…l012 please keep it"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('API_KEY="sk-proj-abc123def456ghi789jkl012mno345pqr678"', 'API_KEY="sk-pro…r678"'),
        (
            "Authorization: Bearer ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "Authorization: Bearer ghp_xx…xxxx",
        ),
        ("password=super_secret_password_12345678", "password=super_…5678"),
        ("db_password: hunter2", "db_password: ***"),
        ('{"apiKey": "AIzaSyABC123DEF456GHI789JKL012MNO345PQR"}', '{"apiKey": "AIzaSy…5PQR"}'),
        ('{"refreshToken":"short-one"}', '{"refreshToken":"***"}'),
        (
            "--token xoxb-123456789012-123456789012-abcdefghijklmnopqrstuvwx",
            "--token xoxb-1…uvwx",
        ),
        ("--api-key 'abcdefghijklmnopqrstuvwxyz'", "--api-key 'abcdef…wxyz'"),
        ("curl -H 'x: Bearer abcdefghijklmnopqrstuvwxyz'", "curl -H 'x: Bearer abcdef…wxyz'"),
        ("Bearer short", "Bearer short"),
        ("use sk-abcdefgh1234 now", "use *** now"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijkl", "github…ijkl"),
        ("xapp-1-A0123456789-abc", "xapp-1…-abc"),
        ("gsk_abcdefghijklmnop", "gsk_ab…mnop"),
        ("pplx-abcdefghijkl", "***"),
        ("npm_abcdefghijklmnopqrstuvwxyz0123", "npm_ab…0123"),
        ("123456789:ABCdefGHIjklMNOpqrSTUvwxYZ", "123456…wxYZ"),
        (
            "https://api.telegram.org/bot123456789:ABCdefGHIjklMNOpqrSTUvwxYZ/getMe",
            "https://api.telegram.org/bot123456…wxYZ/getMe",
        ),
        ("SECRET=abc\u00a0def", "SECRET=***\u00a0def"),
        ("nothing to hide here", "nothing to hide here"),
        ("", ""),
    ],
)
def test_redaction_examples(text: str, expected: str) -> None:
    assert redact_sensitive_text(text) == expected


def test_redaction_is_case_insensitive() -> None:
    assert redact_sensitive_text("Sk-ABCDEFGH1234") == "***"
    assert redact_sensitive_text("my_Token = abcdefghijklmnopqrstuvwxyz") == (
        "my_Token = abcdef…wxyz"
    )


def test_pem_block_keeps_first_and_last_lines() -> None:
    pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabcdef\n-----END RSA PRIVATE KEY-----"
    assert redact_sensitive_text(f"here it is\n{pem}\nend") == (
        "here it is\n-----BEGIN RSA PRIVATE KEY-----\n…redacted…\n-----END RSA PRIVATE KEY-----\nend"
    )
    # As in OpenClaw, the KEY=value pattern runs first: "key:" takes the next word.
    assert redact_sensitive_text(f"key:\n{pem}").startswith("key:\n*** RSA PRIVATE KEY")
    one_line = "-----BEGIN PRIVATE KEY----- MIIabc -----END PRIVATE KEY-----"
    assert redact_sensitive_text(one_line) == "***"


def test_mask_token_uses_utf16_units() -> None:
    assert mask_token("a" * 17) == "***"
    assert mask_token("abcdefghijklmnopqr") == "abcdef…opqr"
    # "😀" is two UTF-16 units: the cut half becomes U+FFFD.
    assert mask_token("abcde😀" + "x" * 20) == "abcde\ufffd…xxxx"


def test_javascript_replacement_patterns_are_expanded() -> None:
    # OpenClaw uses match.replace(token, masked), where "$&" means "the token".
    text = 'secret: "$&abcdefghijklmnopqrstu"'
    assert redact_sensitive_text(text) == 'secret: "$&abcdefghijklmnopqrstuabcd…rstu"'


def test_session_rel_path() -> None:
    assert session_rel_path(Path("/x/agents/main/sessions/abc.jsonl")) == "sessions/abc.jsonl"


@pytest.mark.parametrize(
    ("name", "included"),
    [
        ("abc.jsonl", True),
        ("abc.jsonl.reset.2026-04-13T10-30-00.000Z", True),
        ("abc.jsonl.deleted.2026-04-13T10-30-00Z", True),
        ("abc.jsonl.bak.2026-04-13T10-30-00.000Z", False),
        ("abc.jsonl.reset.yesterday", False),
        ("sessions.json", False),
        ("sessions.json.bak.3", False),
        ("notes.txt", False),
        ("abc.json", False),
    ],
)
def test_session_file_names(name: str, included: bool) -> None:
    assert is_session_transcript_name(name) is included


def test_list_session_files(tmp_path: Path) -> None:
    names = [
        "b.jsonl",
        "a.jsonl",
        "c.jsonl.reset.2026-04-13T10-30-00.000Z",
        "d.jsonl.deleted.2026-04-13T10-30-00.000Z",
        "e.jsonl.bak.2026-04-13T10-30-00.000Z",
        "sessions.json",
        "sessions.json.bak.1",
        "readme.md",
    ]
    for name in names:
        (tmp_path / name).write_text("{}\n", encoding="utf-8")
    (tmp_path / "folder.jsonl").mkdir()
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "a.jsonl")
    found = [p.name for p in list_session_files(tmp_path)]
    assert found == [
        "a.jsonl",
        "b.jsonl",
        "c.jsonl.reset.2026-04-13T10-30-00.000Z",
        "d.jsonl.deleted.2026-04-13T10-30-00.000Z",
    ]
    assert list_session_files(tmp_path / "missing") == []


def test_render_conversation() -> None:
    lines = [
        _line({"type": "session", "id": "s"}),
        _msg("user", "Hello\nthere", timestamp="2026-04-13T10:00:00Z"),
        _msg(
            "assistant",
            [
                {"type": "text", "text": "First part."},
                {"type": "toolCall", "name": "exec", "arguments": {"cmd": "ls"}},
                {"type": "text", "text": "Second part."},
            ],
            timestamp=1776074400000,
        ),
        _line({"type": "message", "message": {"role": "toolResult", "content": "files"}}),
        _msg("assistant", [{"type": "toolCall", "name": "exec"}]),
        _line(
            {
                "type": "message",
                "timestamp": 1776074460,
                "message": {"role": "user", "content": "token=abc"},
            }
        ),
    ]
    messages = render_conversation("\n".join(lines))
    assert messages == [
        Message("user", "Hello\nthere", 2, datetime(2026, 4, 13, 10, 0, tzinfo=UTC)),
        Message(
            "assistant",
            "First part.\n\nSecond part.",
            3,
            datetime.fromtimestamp(1776074400, tz=UTC),
        ),
        Message("user", "token=abc", 6, datetime.fromtimestamp(1776074460, tz=UTC)),
    ]
    redacted = render_conversation("\n".join(lines), redact=True)
    assert redacted[-1].text == "token=***"
    assert render_conversation(_msg("user", "x", timestamp="not a date"))[0].timestamp is None


def test_broken_lines_are_collected_without_changing_the_transcript() -> None:
    good = [_msg("user", "first"), _msg("assistant", "second")]
    damaged = [
        good[0],
        '{"type": "message", "message": {"role": "us',
        "not json at all",
        "[1, 2, 3]",
        "null",
        '"just a string"',
        '{"type": "message", "message": "not an object"}',
        '{"type": "message", "message": {"role": "user", "content": NaN}}',
        '{"type": "message"}',
        good[1],
    ]
    clean = flatten_session("\n".join([good[0], *([""] * 8), good[1]]))
    transcript = flatten_session("\n".join(damaged))
    assert (transcript.content, transcript.line_map, transcript.hash) == (
        clean.content,
        clean.line_map,
        clean.hash,
    )
    assert transcript.broken == (
        BrokenLine(2, "not valid JSON"),
        BrokenLine(3, "not valid JSON"),
        BrokenLine(4, "not a JSON object"),
        BrokenLine(5, "not a JSON object"),
        BrokenLine(6, "not a JSON object"),
        BrokenLine(7, "message record without a message object"),
        BrokenLine(8, "not valid JSON"),
        BrokenLine(9, "message record without a message object"),
    )
    assert find_broken_lines("\n".join(damaged)) == list(transcript.broken)


def test_records_openclaw_skips_by_design_are_not_broken() -> None:
    lines = [
        _line({"type": "session", "id": "s1", "timestamp": "2026-11-01T09:00:00.000Z"}),
        _line({"type": "custom", "customType": "tool-result", "content": "ignored"}),
        _line({"type": "model_change", "provider": "x"}),
        _line({"noType": True}),
        _line({"type": "message", "message": {"role": "toolResult", "content": "ok"}}),
        _line({"type": "message", "message": {"role": "system", "content": "sys"}}),
        _line({"type": "message", "message": {"content": "no role"}}),
        _msg("assistant", [{"type": "toolCall", "name": "read"}]),
        _msg("user", "   "),
        _msg("user", 42),
        "",
        "   \t",
        _msg("user", "kept") + "\r",
        "",
    ]
    transcript = flatten_session("\n".join(lines))
    assert transcript.content == "User: kept"
    assert transcript.broken == ()
    assert find_broken_lines("\n".join(lines)) == []


def test_describe_broken_lines_groups_by_reason_and_limits_the_numbers() -> None:
    assert describe_broken_lines([]) is None
    assert describe_broken_lines([BrokenLine(4, "not valid JSON")]) == (
        "1 broken line skipped (line 4: not valid JSON)"
    )
    mixed = [
        BrokenLine(4, "not valid JSON"),
        BrokenLine(6, "not a JSON object"),
        BrokenLine(9, "not valid JSON"),
        BrokenLine(12, "not valid JSON"),
    ]
    assert describe_broken_lines(mixed) == (
        "4 broken lines skipped (lines 4, 9, 12: not valid JSON; line 6: not a JSON object)"
    )
    many = [BrokenLine(n, "not valid JSON") for n in range(10, 30)]
    assert describe_broken_lines(many) == (
        "20 broken lines skipped (lines 10, 11, 12, 13, 14 and 15 more: not valid JSON)"
    )
    assert describe_broken_lines(many, limit=2) == (
        "20 broken lines skipped (lines 10, 11 and 18 more: not valid JSON)"
    )


def test_render_conversation_ignores_broken_lines() -> None:
    lines = [_msg("user", "hello"), "{broken", "[]", _msg("assistant", "hi")]
    messages = render_conversation("\n".join(lines))
    assert [(m.role, m.text, m.jsonl_line) for m in messages] == [
        ("user", "hello", 1),
        ("assistant", "hi", 4),
    ]
