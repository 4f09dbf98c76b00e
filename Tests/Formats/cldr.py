"""Formats what the app formats, with Babel (an independent CLDR implementation), for the app's tests to compare.

Reads a JSON list of cases on stdin and writes one JSON list of answers, in order:
  {"kind": "money", "locale": "de-DE", "cents": 123456, "currency": "EUR", "minorUnits": 2}
  {"kind": "compactMoney", "locale": "de-DE", "cents": 210000000, "currency": "EUR", "minorUnits": 2}
  {"kind": "number", "locale": "de-DE", "value": 1234}
  {"kind": "date", "locale": "de-DE", "skeleton": "yMMMd", "date": "2026-11-23"}
  {"kind": "plural", "locale": "fr", "count": 0}
  {"kind": "firstWeekday", "locale": "de-DE"}   (1 = Sunday … 7 = Saturday, as Foundation counts)
"""
import datetime
import decimal
import json
import sys

from babel import Locale
from babel.dates import format_skeleton
from babel.numbers import format_compact_currency, format_currency, format_decimal


def answer(case):
    locale = Locale.parse(case["locale"].replace("-", "_"))
    kind = case["kind"]
    if kind == "money":
        amount = decimal.Decimal(case["cents"]).scaleb(-case["minorUnits"])
        return format_currency(amount, case["currency"], locale=locale)
    if kind == "compactMoney":
        amount = decimal.Decimal(case["cents"]).scaleb(-case["minorUnits"])
        return format_compact_currency(amount, case["currency"], locale=locale, fraction_digits=1)
    if kind == "number":
        return format_decimal(case["value"], locale=locale)
    if kind == "date":
        return format_skeleton(case["skeleton"], datetime.date.fromisoformat(case["date"]), locale=locale)
    if kind == "plural":
        return locale.plural_form(case["count"])
    if kind == "firstWeekday":
        # Babel counts Monday = 0 … Sunday = 6.
        return (locale.first_week_day + 1) % 7 + 1
    raise ValueError(f"unknown kind {kind}")


json.dump([answer(case) for case in json.load(sys.stdin)], sys.stdout, ensure_ascii=False)
