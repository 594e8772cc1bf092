package gen

// The raw material of tool outputs and model text. Each block is split into
// lines when the package loads. The lines are chosen to be realistic and to
// put every JSON escape in front of a parser: tabs, quotes, backslashes,
// slashes, carriage returns, terminal color codes, accents, CJK and emoji.
// None of them may look like a credential: the redaction rules would flag
// it, and logs without --secrets must pass zsj validate --strict.

const listingText = `total 96
drwxr-xr-x  12 dev  staff    384 Jun  3 10:02 .
drwxr-xr-x   7 dev  staff    224 Jun  2 18:40 ..
-rw-r--r--   1 dev  staff    412 Jun  3 09:58 .editorconfig
drwxr-xr-x  13 dev  staff    416 Jun  3 10:01 .git
-rw-r--r--   1 dev  staff    187 Jun  1 14:12 .gitignore
-rw-r--r--   1 dev  staff   1067 May 28 11:30 LICENSE
-rw-r--r--   1 dev  staff   4211 Jun  3 09:58 README.md
-rw-r--r--   1 dev  staff    823 Jun  2 16:05 go.mod
-rw-r--r--   1 dev  staff   5934 Jun  2 16:05 go.sum
drwxr-xr-x   5 dev  staff    160 Jun  3 10:02 internal
-rw-r--r--   1 dev  staff   2290 Jun  3 08:44 package.json
drwxr-xr-x   9 dev  staff    288 Jun  3 09:12 src
drwxr-xr-x   4 dev  staff    128 Jun  2 17:55 tests
-rw-r--r--   1 dev  staff    318 Jun  1 14:12 tsconfig.json
-rw-r--r--   1 dev  staff  10240 Jun  3 09:30 docs/résumé-notes.md
-rw-r--r--   1 dev  staff   2048 Jun  3 09:31 docs/日本語ガイド.md
.
├── cmd
│   └── server
│       └── main.go
├── internal
│   ├── config
│   │   ├── config.go
│   │   └── config_test.go
│   ├── parser
│   │   ├── scan.go
│   │   ├── scan_test.go
│   │   └── testdata
│   │       └── café.jsonl
│   └── store
│       └── store.go
├── src
│   ├── components
│   │   ├── Header.tsx
│   │   └── Header.test.tsx
│   └── index.ts
└── README.md

14 directories, 17 files
src/components/Header.tsx
src/components/Footer.tsx
src/hooks/useSession.ts
src/lib/format.ts
src/lib/format.test.ts
tests/fixtures/élève.json
tests/fixtures/🚀launch.json
C:\Users\dev\projects\widget\build.ps1
C:\Users\dev\projects\widget\scripts\release.cmd`

const testLogText = `=== RUN   TestScanString
=== RUN   TestScanString/"plain"
=== RUN   TestScanString/"tab\there"
--- PASS: TestScanString (0.00s)
    --- PASS: TestScanString/"plain" (0.00s)
    --- PASS: TestScanString/"tab\there" (0.00s)
=== RUN   TestSplitLines
--- PASS: TestSplitLines (0.00s)
=== RUN   TestLoadConfig
    config_test.go:41: LoadConfig("testdata/missing.toml"): open testdata/missing.toml: no such file or directory
--- FAIL: TestLoadConfig (0.01s)
FAIL
FAIL	github.com/acme/widget/internal/config	0.014s
ok  	github.com/acme/widget/internal/parser	0.009s
ok  	github.com/acme/widget/internal/store	(cached)
?   	github.com/acme/widget/cmd/server	[no test files]
 PASS  src/lib/format.test.ts
  formatDuration
    ✓ prints milliseconds below one second (2 ms)
    ✓ escapes "quotes" and back\slashes (1 ms)
 FAIL  src/components/Header.test.tsx
  ● Header › renders the title

    expect(received).toHaveTextContent(expected)

    Expected element to have text content:
      "Café Résumé"
    Received:
      "Cafe Resume"

      12 |   render(<Header title="Café Résumé" />);
    > 13 |   expect(screen.getByRole("heading")).toHaveTextContent("Café Résumé");
         |                                       ^
Tests:       1 failed, 23 passed, 24 total
Snapshots:   0 total
Time:        3.412 s
Ran all test suites.
============================= test session starts ==============================
platform linux -- Python 3.12.3, pytest-8.2.1, pluggy-1.5.0
rootdir: /home/dev/widget
collected 42 items

tests/test_events.py ........................                            [ 57%]
tests/test_summary.py ..........F.......                                 [100%]
FAILED tests/test_summary.py::test_unicode_labels - AssertionError: assert '日本' == '日本語'
========================= 1 failed, 41 passed in 0.87s =========================
npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.
added 812 packages, and audited 813 packages in 14s
found 0 vulnerabilities
go: downloading golang.org/x/text v0.16.0
go build ./...
Compiling widget v0.3.1 (/home/dev/widget)
    Finished ` + "`" + `dev` + "`" + ` profile [unoptimized + debuginfo] target(s) in 4.21s
     Running unittests src/lib.rs (target/debug/deps/widget-3f2a9c1d)
test parser::tests::escapes ... ok
test parser::tests::emoji_🎉 ... ok
test result: ok. 18 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s`

const stackTraceText = `panic: runtime error: index out of range [3] with length 3

goroutine 1 [running]:
github.com/acme/widget/internal/parser.(*Scanner).scanString(0xc000104000)
	/home/dev/widget/internal/parser/scan.go:42 +0x1d4
github.com/acme/widget/internal/parser.(*Scanner).Next(0xc000104000)
	/home/dev/widget/internal/parser/scan.go:88 +0x9c
main.main()
	/home/dev/widget/cmd/server/main.go:17 +0x65
exit status 2
Traceback (most recent call last):
  File "/home/dev/widget/tools/summarize.py", line 34, in <module>
    print(summarize(read_events(pathlib.Path(sys.argv[1]))))
  File "/home/dev/widget/tools/summarize.py", line 21, in read_events
    obj = json.loads(line)
json.decoder.JSONDecodeError: Expecting ',' delimiter: line 1 column 58 (char 57)
TypeError: Cannot read properties of undefined (reading 'map')
    at renderList (/home/dev/widget/src/components/List.tsx:22:18)
    at Object.<anonymous> (/home/dev/widget/src/index.ts:14:7)
    at Module._compile (node:internal/modules/cjs/loader:1358:14)
    at node:internal/main/run_main_module:28:49
Error: ENOENT: no such file or directory, open 'C:\Users\dev\widget\config\défaut.json'
thread 'main' panicked at src/main.rs:12:5:
called ` + "`" + `Result::unwrap()` + "`" + ` on an ` + "`" + `Err` + "`" + ` value: Os { code: 2, kind: NotFound, message: "No such file or directory" }
note: run with ` + "`" + `RUST_BACKTRACE=1` + "`" + ` environment variable to display a backtrace`

const webText = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Release notes — widget 0.3</title></head>
<body><h1>What's new in 0.3</h1>
<p>Faster parsing of "quoted" strings &amp; fewer allocations.</p>
<a href="https://example.com/widget/releases/v0.3.0">v0.3.0</a> · <a href="https://example.com/docs/?q=escape&amp;lang=fr">docs</a>
</body></html>
1. Widget documentation — Getting started (https://docs.example.com/widget/start)
2. Escaping rules in JSON text — RFC 8259 §7 (https://www.rfc-editor.org/rfc/rfc8259#section-7)
3. 日本語の文字列を扱う方法 (https://example.jp/articles/strings)
4. Why is my emoji 🙂 two code units? (https://forum.example.org/t/utf-16-surrogates/4411)
HTTP/1.1 200 OK
content-type: application/json; charset=utf-8
{"name":"widget","version":"0.3.1","tags":["parser","json"],"path":"C:\\tools\\widget"}`

// answerText holds sentences of assistant answers, one per line. Long
// answers are made by joining several.
const answerText = `I'll start by looking at the project layout to see where the parser lives.
The failing test is ` + "`" + `TestLoadConfig` + "`" + `: it expects ` + "`" + `testdata/missing.toml` + "`" + ` to exist, but the fixture was never committed.
I've updated ` + "`" + `scanString` + "`" + ` so that an escaped quote (` + "`" + `\"` + "`" + `) no longer ends the string early.
All 42 tests pass now, including the new case for "tab\there".
Here's a summary of the changes:
- ` + "`" + `internal/parser/scan.go` + "`" + `: handle \u escapes and surrogate pairs
- ` + "`" + `src/lib/format.ts` + "`" + `: print minutes and seconds for long durations
The header renders "Café Résumé" correctly once the font subset includes é.
I couldn't run the integration tests because the sandbox blocks network access.
Next, I'll check whether the Windows path C:\Users\dev\widget is handled by the same code.
The log shows 日本語 labels are truncated to two characters; that's a byte/rune mix-up.
Done ✅ — the build is green again.
Let me know if you'd like me to open a pull request 🚀.`

const reasoningText = `Thinking about where the string scanner stops early...
The test failure mentions a missing fixture, not a parser bug.
Maybe the escape handling skips one byte too many after a backslash.
I should read scan.go before changing anything.
Running the tests again to confirm the fix.
The user asked for a minimal diff, so no refactoring.
Checking whether "\\" at the end of a string is handled.
Non-ASCII input like 日本 or é must count runes, not bytes.
Network access needs approval; I'll avoid fetching docs.
Summarizing the change for the final answer.`
