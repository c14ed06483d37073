"""Chinese terms for the keyword index: jieba finds the function words, bigrams do the rest.

Word segmentation alone (jieba's dictionary words as terms) lost to character bigrams on
the bilingual set: a question and a note segment the same words differently, and names or
new terms fall apart. So a run of Chinese characters is segmented with jieba (precise
mode, no HMM) only to cut out the function words (particles, pronouns, question words,
OpenClaw's Chinese query stop words): what is left are stretches of content, and a
question's terms are the character bigrams of each stretch (a one-character stretch stands
for itself) plus the dictionary words of three or more characters. ``这个提交改了什么``
gives ``提交``, ``交改`` instead of ``这个 个提 提交 交改 改了 了什 什么``. A note keeps every
bigram of the run, every content character and the long words, so any stretch of a
question finds it.
"""

from __future__ import annotations

import logging
import threading
from functools import lru_cache
from typing import Protocol

from .stopwords import STOP_WORDS_ZH

_FUNCTION_WORDS = """
    的 了 是 在 和 就 都 而 及 与 着 或 之 也 吗 呢 吧 啊 呀 么 嘛 啦 哦 喔 呗 罢了
    一个 一下 一些 一点 有点 这样 那样 这么 那么 这里 那里 这儿 那儿 这种 那种 这次 那次
    什么 怎么 怎样 怎么样 如何 为什么 为何 多少 几 几个 哪 哪个 哪些 哪里 哪儿 哪天 哪年
    啥 谁 是否 是不是 有没有 没有 不是 能否 可否 还是 以及 并且 而且 或者 然后 于是 因此
    对 从 向 于 为 以 将 把 被 比 跟 同 等 等等 其 此 该 各 每 某 所 所有 之类
    现在 目前 当前 如今 眼下 还 仍 仍然 依然 依旧 至今 已经 已 最新 最近 曾 曾经
    请问 请 帮 帮忙 告诉 知道 记得 过 得 地 又 再 才 只 很 挺 太 最 更 非常 个
    自己
"""
CHINESE_FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())
"""Chinese function words: particles, pronouns, question words, conjunctions, and the
words of state questions (现在 / 还 / 已经: the engine reads those as intent instead)."""

STOP_ZH = STOP_WORDS_ZH | CHINESE_FUNCTION_WORDS

_init_lock = threading.Lock()
_ready = False


class _Tokenizer(Protocol):
    """What is used of ``jieba.Tokenizer`` (jieba ships no type information)."""

    def lcut(self, sentence: str, cut_all: bool = False, HMM: bool = True) -> list[str]: ...


def _jieba() -> _Tokenizer:
    """jieba's default tokenizer, its dictionary loaded once (thread-safe, quiet)."""
    global _ready
    import jieba

    if not _ready:
        with _init_lock:
            if not _ready:
                jieba.setLogLevel(logging.WARNING)
                jieba.dt.initialize()
                for word in sorted(CHINESE_FUNCTION_WORDS):
                    if len(word) > 1:
                        jieba.dt.suggest_freq(word, tune=True)  # one segment, then dropped
                _ready = True
    tokenizer: _Tokenizer = jieba.dt
    return tokenizer


def preload() -> None:
    """Load jieba's dictionary now (1-5 s), e.g. from a background thread at start, so the
    first Chinese question or note does not wait for it."""
    _jieba()


@lru_cache(maxsize=65536)
def segments(run: str) -> tuple[str, ...]:
    """jieba's words of a run of Chinese characters (precise mode, no HMM; memoised)."""
    return tuple(_jieba().lcut(run, HMM=False))


def _stretches(run: str) -> list[str]:
    """The run with its function words cut out: the stretches of content between them."""
    out: list[str] = []
    current = ""
    for word in segments(run):
        if word in STOP_ZH:
            if current:
                out.append(current)
            current = ""
        else:
            current += word
    if current:
        out.append(current)
    return out


def chinese_terms(run: str, unigrams: bool) -> list[str]:
    """Terms of one run of Chinese characters: bigrams of each content stretch (a lone
    character stands for itself) and the dictionary words of three or more characters.
    ``unigrams`` (the index side) takes the bigrams of the whole run and adds every
    content character."""
    terms: list[str] = []
    source = [run] if unigrams else _stretches(run)
    for part in source:
        if len(part) == 1 and not unigrams:
            terms.append(part)
        terms.extend(part[i : i + 2] for i in range(len(part) - 1))
    for word in segments(run):
        if len(word) > 2 and word not in STOP_ZH:
            terms.append(word)
    if unigrams:
        terms.extend(ch for ch in run if ch not in STOP_ZH)
    return terms
