"""Diplomacy: board results, board-scoring systems, tournament aggregation, awards, seeding."""
