"""The MCP memory server: memory_search, memory_get and a recall block over stdio."""
