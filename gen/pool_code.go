package gen

// Source files that read_file shows and grep searches: Go, TypeScript and
// Python, with tabs, quotes, backslashes, regular expressions and
// non-ASCII text. Like everything in the pools, free of credentials.

const goSourceText = `package parser

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrUnterminated is returned when the input ends inside a string.
var ErrUnterminated = errors.New("parser: unterminated string")

// Token is one lexical element of the input.
type Token struct {
	Kind  Kind
	Text  []byte
	Start int // byte offset, 0-based
}

func (t Token) String() string {
	return fmt.Sprintf("%s(%q)@%d", t.Kind, t.Text, t.Start)
}

// scanString reads a quoted string starting at s.pos, which holds '"'.
func (s *Scanner) scanString() (Token, error) {
	start := s.pos
	s.pos++ // the opening quote
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == '"':
			s.pos++
			return Token{Kind: String, Text: s.src[start:s.pos], Start: start}, nil
		case c == '\\':
			s.pos += 2 // skip the escaped byte: \" \\ \/ \b \f \n \r \t \u
		case c < 0x20:
			return Token{}, fmt.Errorf("control character %#x in string at %d", c, s.pos)
		default:
			_, size := utf8.DecodeRune(s.src[s.pos:])
			s.pos += size
		}
	}
	return Token{}, ErrUnterminated
}

func splitLines(b []byte) [][]byte {
	b = bytes.TrimSuffix(b, []byte("\r\n"))
	return bytes.Split(b, []byte{'\n'})
}

func TestScanString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{` + "`" + `"plain"` + "`" + `, "plain"},
		{` + "`" + `"tab\there"` + "`" + `, "tab\there"},
		{` + "`" + `"caf\u00e9"` + "`" + `, "café"},
		{` + "`" + `"日本"` + "`" + `, "日本"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Unquote([]byte(tc.in))
			if err != nil || got != tc.want {
				t.Errorf("Unquote(%s) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}`

const tsSourceText = `import { readFile } from "node:fs/promises";
import path from "node:path";

export interface Session {
  id: string;
  startedAt: Date;
  labels: Record<string, string>;
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

export async function loadSessions(dir: string): Promise<Session[]> {
  const raw = await readFile(path.join(dir, "sessions.json"), "utf8");
  const parsed = JSON.parse(raw) as Session[];
  return parsed.filter((s) => ID_PATTERN.test(s.id));
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return ` + "`" + `${ms} ms` + "`" + `;
  const s = ms / 1000;
  return s < 60 ? ` + "`" + `${s.toFixed(1)} s` + "`" + ` : ` + "`" + `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` + "`" + `;
}

export const greeting = (name: string) => "Bonjour, " + name + " — à bientôt 👋";

describe("formatDuration", () => {
  it("prints milliseconds below one second", () => {
    expect(formatDuration(250)).toBe("250 ms");
  });
  it('escapes "quotes" and back\\slashes', () => {
    expect(JSON.stringify({ a: "x\"y" })).toBe('{"a":"x\\"y"}');
  });
});`

const pySourceText = `from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field


@dataclass
class Event:
    run_id: str
    kind: str
    payload: dict = field(default_factory=dict)


def read_events(path: pathlib.Path) -> list[Event]:
    """Read one JSON object per line; blank lines are skipped."""
    events = []
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            obj = json.loads(line)
            events.append(Event(obj["runId"], obj["type"], obj))
    return events


def summarize(events: list[Event]) -> str:
    counts: dict[str, int] = {}
    for e in events:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    return "\n".join(f"{k}\t{v}" for k, v in sorted(counts.items()))


if __name__ == "__main__":
    print(summarize(read_events(pathlib.Path("logs/ünïcödé.jsonl"))))`
