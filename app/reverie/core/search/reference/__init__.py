"""Line-for-line ports of OpenClaw's memory search, kept as references for the tests.

The conformance tests (``tests/conformance/``) check these against outputs recorded from
OpenClaw itself, on OpenClaw-shaped tables: ``searchKeyword`` (:mod:`.openclaw_keyword`),
``searchVector`` (:mod:`.openclaw_vector`) and ``mergeHybridResults`` (:mod:`.hybrid`).
The app never imports this package. The pure pieces the engine does run (the FTS query
and its score mapping, temporal decay, MMR, the fusion's weighted score) live beside the
engine and are tested directly, and the engine's own fuse, decay and MMR stages are run
over the same vectors (``tests/conformance/test_engine_stages.py``).
"""
