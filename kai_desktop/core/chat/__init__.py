"""The conversation: the chat session and its tool loop, prompt assembly with the
untrusted-data preface, and slash commands. The top domain: may import all others."""
