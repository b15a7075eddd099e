"""Ryemarket: a village bakery run through a chat-bot ordering desk."""
