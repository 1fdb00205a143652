#!/usr/bin/env python3
"""Validate JSON files against a JSON Schema (draft 2020-12) with the third-party `jsonschema` package.

Usage: validate_with_jsonschema.py SCHEMA FILE...

Checks the schema itself first (Draft202012Validator.check_schema), then every FILE.
Prints one line per problem, `FILE: /json/pointer: message` (the most relevant errors first,
at most 3 per file), and a summary on stderr.

Exit codes: 0 every file is valid; 1 at least one file is invalid (or is not JSON);
2 usage error, unreadable file, or an invalid schema; 3 `jsonschema` is not installed.
Tested with jsonschema 4.26.0 (Python 3.11).
"""
import json
import sys

MAX_ERRORS_PER_FILE = 3


def pointer(path):
    """RFC 6901 JSON Pointer of a jsonschema error path."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path) or "/"


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError, best_match, relevance
    except ImportError:
        print("error: the Python package `jsonschema` is not installed (python3 -m pip install jsonschema==4.26.0)",
              file=sys.stderr)
        return 3
    schema_path, files = argv[1], argv[2:]
    try:
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{schema_path}: cannot read the schema: {e}", file=sys.stderr)
        return 2
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as e:
        print(f"{schema_path}: not a valid draft 2020-12 schema: {pointer(e.absolute_path)}: {e.message}",
              file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)
    invalid = 0
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            print(f"{path}: cannot read: {e}", file=sys.stderr)
            return 2
        try:
            instance = json.loads(text)
        except ValueError as e:
            invalid += 1
            print(f"{path}: /: not JSON: {e}")
            continue
        errors = list(validator.iter_errors(instance))
        if errors:
            invalid += 1
            # best_match descends into anyOf/if-then branches to the most useful leaf error.
            lines = []
            for error in sorted(errors, key=relevance, reverse=True):
                best = best_match([error])
                message = best.message
                description = best.schema.get("description") if isinstance(best.schema, dict) else None
                if description and ("is not valid under any" in message or "should not be valid" in message):
                    message += f" (expected: {description})"
                line = f"{path}: {pointer(best.absolute_path)}: {message}"
                if line not in lines:
                    lines.append(line)
                if len(lines) == MAX_ERRORS_PER_FILE:
                    break
            print("\n".join(lines))
    print(f"{len(files) - invalid} of {len(files)} file(s) valid", file=sys.stderr)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
