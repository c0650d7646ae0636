"""Command modules by idea: play, inspect, history, games, records, analytics, tools."""
