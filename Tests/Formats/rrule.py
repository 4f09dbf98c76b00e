"""Expands recurrence rules with python-dateutil (an independent RFC 5545 implementation), for the app's tests to
compare its schedules' days with.

Reads a JSON list of cases on stdin and writes one JSON list of answers, in order, each a list of dates:
  {"rule": "FREQ=MONTHLY;BYDAY=-1FR", "start": "2026-01-31", "limit": 100}
"""
import datetime
import itertools
import json
import sys

from dateutil.rrule import rrulestr


def answer(case):
    start = datetime.datetime.combine(datetime.date.fromisoformat(case["start"]), datetime.time())
    rule = rrulestr(case["rule"], dtstart=start)
    return [day.date().isoformat() for day in itertools.islice(rule, case["limit"])]


json.dump([answer(case) for case in json.load(sys.stdin)], sys.stdout)
