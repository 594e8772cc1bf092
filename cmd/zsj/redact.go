package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/buildinfo"
	"github.com/zsj-dev/zsj/internal/rewrite"
	"github.com/zsj-dev/zsj/redact"
)

func init() { register(newRedactCmd) }

func newRedactCmd(a *app) *cobra.Command {
	var opts rewrite.RedactOptions
	var listRules bool
	cmd := &cobra.Command{
		Use:   "redact [PATH...]",
		Short: "Replace secrets in logs (API keys, tokens, passwords, private keys)",
		Long: `Redact replaces credentials in event logs with [REDACTED]: the whole value of
a member whose key is sensitive ("apiKey", "password", "token", ...), and
inside every string (tool output, commands, messages, reasons) private keys,
key=value assignments, Authorization and Cookie headers, passwords in URLs,
and token shapes (sk-..., ghp_..., AKIA..., JWTs and more), and the rules
of gitleaks' catalogue, built in from its Go module (--list-rules lists
every rule with its id, source and keywords). Rules see decoded strings,
so escaped secrets are found; only strings that change are rewritten, and
every other byte of a line stays as it was. The protocol's own fields
(type, runId, id, sessionId, status...) are never changed, so a redacted
log still validates.

Beyond a file scanner: key names count by their parts (DB_PASSWORD,
x-auth-token) in JSON, k=v, k = v, k: v, export and credential flags;
Authorization takes any scheme; base64 and percent-encoded text is decoded
and scanned two levels deep; a secret split over two consecutive text or
reasoning deltas of a run is replaced in both; a credential used as an id,
runId or sessionId becomes a derived id, the same in every event.

--rules reads a gitleaks TOML file as gitleaks does: regex, secretGroup
(unset: the first capture group that matched, else the whole match),
entropy, keywords, per-rule and global allowlists (regexes on the secret,
the match or the line, stopwords, condition), [extend] useDefault and
disabledRules. Its rules add to the built-in ones; one with the id of a
built-in gitleaks rule replaces it. A rule's path is ignored (logs have no
paths), with a warning. Only the secret is replaced, never the text
around it. Unlike gitleaks, which runs a rule over a whole file once a
keyword occurs anywhere in it, a regex rule is only looked for near its
keywords: a match of a regex that begins with one of them must start
there (after at most the run of name characters the regex allows before
it), and any other match must lie within the regex's maximum match
width (at most 512 bytes; a longer match is still replaced whole) of
one.

A line that is not JSON is never passed on as it was: the text rules are
applied to it and it is reported, or with --drop-invalid it is dropped
(and counted).

Output goes to standard output, to a file with -o, or back into each file
with -i (atomically, in its own compression; as upgrade -i: mode, owner and
extended attributes kept, hard-linked files and pipes refused). --check writes nothing and
lists what would be redacted as
  file:line: rule-id at $.json.path (fingerprint 1a2b3c4d)
where the fingerprint is the start of the secret's SHA-256, so the same
secret can be found again without being shown. Nothing zsj prints holds
a secret. --format json prints one object per secret, github an error
annotation per line, and sarif one SARIF 2.1.0 document for a
code-scanning upload (each result's partial fingerprint is the secret's,
so the same secret stays one alert).

Logs cannot carry an "allow" comment, so a known test key is accepted
with a baseline: --write-baseline FILE writes the secrets found (rule and
fingerprint, never the secret) and exits 0; --check --baseline FILE then
lists and fails only on secrets not in it. An entry matches by rule and
fingerprint wherever the secret turns up, so logs can move and be renamed.
A baseline changes what --check reports, not what is redacted.

Exit status: 0 done, 1 --check found secrets (not in the baseline) or a
line was not JSON, 2 usage error, 3 a file could not be read or written.`,
		Example: `  zsj redact run.jsonl > clean.jsonl
  zsj redact -i logs/                          # every log below, in place
  zsj redact --check --format github logs/     # in CI: fail on any secret
  zsj redact --write-baseline zsj-baseline.json fixtures/
  zsj redact --check --baseline zsj-baseline.json --format sarif fixtures/ > zsj.sarif
  zsj redact --secret-env DEPLOY_TOKEN run.jsonl -o clean.jsonl.zst
  zsj redact --rules gitleaks.toml --key sessionCode run.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if listRules {
				return rewrite.ListRules(a.io, opts)
			}
			if err := opts.Validate(args); err != nil {
				return usageError(err)
			}
			opts.Version = buildinfo.Version(version)
			return rewrite.Redact(a.io, args, opts)
		},
	}
	f := cmd.Flags()
	opts.Register(f, "its redaction")
	f.BoolVar(&opts.Check, "check", false, "write nothing; list the secrets found and exit 1 if there are any")
	f.StringVar(&opts.Format, "format", "text", "how --check and problems are printed: text, json, github or sarif")
	f.StringVar(&opts.Baseline, "baseline", "", "with --check, do not list or fail on the secrets accepted in `FILE` (see --write-baseline)")
	f.StringVar(&opts.WriteBaseline, "write-baseline", "", "write the secrets found to `FILE` as a baseline (fingerprints, no secrets) and exit 0")
	f.BoolVar(&opts.DropInvalid, "drop-invalid", false, "drop lines that are not JSON instead of redacting their text")
	f.StringArrayVar(&opts.Secrets, "secret", nil, "also redact this exact `VALUE` (repeatable; prefer --secret-env, the command line is visible to other users)")
	f.StringVar(&opts.SecretsFile, "secrets-file", "", "also redact the values in `FILE`, one per line")
	f.StringArrayVar(&opts.SecretEnvs, "secret-env", nil, "also redact the value of the environment variable `NAME` (repeatable)")
	f.StringArrayVar(&opts.Keys, "key", nil, "also treat the key `NAME` as sensitive (repeatable; compared as apiKey ~ api_key ~ API-KEY)")
	f.StringVar(&opts.RulesFile, "rules", "", "add the rules of a gitleaks TOML `FILE` (a rule with a built-in gitleaks rule's id replaces it)")
	f.BoolVar(&opts.NoDefaults, "no-default-rules", false, "use only --secret, --key and --rules")
	f.BoolVar(&listRules, "list-rules", false, "list every rule (id, source, keywords; --format json for JSON lines) and exit")
	f.StringVar(&opts.Replacement, "replacement", redact.DefaultReplacement, "what each secret is replaced with")
	return cmd
}
