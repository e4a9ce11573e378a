"""The model port: chat messages, tool specs and calls, stream events, the
``ChatModel`` protocol, and a scripted fake for tests. Imports no domain."""
