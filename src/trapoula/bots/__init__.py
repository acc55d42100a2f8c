"""Bots: programs that play from a seat's view only."""

from trapoula.bots.base import BOTS, Bot, RandomBot, available_bots, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "available_bots", "make_bot"]
