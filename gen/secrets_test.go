package gen

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// secretShapes are the credential shapes the redactor is to know, written
// loosely (no word boundaries) so that anything near them counts.
var secretShapes = map[string]*regexp.Regexp{
	"openai":      regexp.MustCompile(`sk-[A-Za-z0-9_-]{20,}`),
	"anthropic":   regexp.MustCompile(`sk-ant-api03-[A-Za-z0-9_-]{20,}`),
	"github-pat":  regexp.MustCompile(`github_pat_[A-Za-z0-9_]{20,}`),
	"github":      regexp.MustCompile(`gh[pousr]_[A-Za-z0-9]{20,}`),
	"gitlab":      regexp.MustCompile(`glpat-[A-Za-z0-9_-]{20,}`),
	"google":      regexp.MustCompile(`AIza[A-Za-z0-9_-]{20,}`),
	"slack":       regexp.MustCompile(`xox[bp]-[A-Za-z0-9-]{20,}`),
	"aws":         regexp.MustCompile(`(AKIA|ASIA)[A-Z0-9]{16}`),
	"jwt":         regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`),
	"private-key": regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----`),
	"bearer":      regexp.MustCompile(`(?i)authorization:\s*bearer\s+\S+`),
	"url-pass":    regexp.MustCompile(`[a-z][a-z0-9+.-]*://[^/\s:@]+:[^/\s@]+@`),
	"assignment":  regexp.MustCompile(`[A-Z_]*API_KEY=\S+`),
	"stripe":      regexp.MustCompile(`sk_live_[A-Za-z0-9]{24,}`),
	"huggingface": regexp.MustCompile(`hf_[A-Za-z]{34,}`),
	"npm":         regexp.MustCompile(`npm_[A-Za-z0-9]{36,}`),
	"sendgrid":    regexp.MustCompile(`SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`),
}

var sensitiveKeyPattern = regexp.MustCompile(`(?i)^(api_?key|password|passwd|token|secret|access_?token|client_?secret|private_?key|authorization)$`)

// stringsOf returns every decoded string value in v, and every object key
// that names a secret.
func stringsOf(v any, keys *[]string) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, stringsOf(e, keys)...)
		}
		return out
	case map[string]any:
		var out []string
		for k, e := range v {
			if sensitiveKeyPattern.MatchString(k) {
				*keys = append(*keys, k)
			}
			out = append(out, stringsOf(e, keys)...)
		}
		return out
	}
	return nil
}

// Without --secrets nothing looks like a credential: the validator's
// strict mode would flag it as unredacted.
func TestNoSecretsUnlessAsked(t *testing.T) {
	for _, opts := range combos() {
		if opts.Secrets {
			continue
		}
		t.Run(name(opts), func(t *testing.T) {
			opts.Runs = 30
			if opts.Profile == OutputHeavy {
				opts.Runs = 4 // its bulk is pool lines, all checked below
			}
			var keys []string
			for _, e := range decode(t, generate(t, opts)) {
				for _, s := range stringsOf(map[string]any(e), &keys) {
					for shape, re := range secretShapes {
						if m := re.FindString(s); m != "" {
							t.Fatalf("a %s credential in %q", shape, m)
						}
					}
				}
			}
			if len(keys) > 0 {
				t.Fatalf("sensitive keys in output: %v", keys)
			}
		})
	}
}

// Every line and sentence the generator draws from is free of credentials,
// whether or not a given seed happens to use it.
func TestPoolsHoldNoSecrets(t *testing.T) {
	var all []string
	for _, p := range outputPools() {
		for _, l := range p.lines {
			all = append(all, string(l))
		}
	}
	all = append(all, answerLines...)
	all = append(all, reasonLines...)
	all = append(all, userPrompts...)
	all = append(all, warningMessages...)
	for _, e := range append(recoverableErrors, fatalErrors...) {
		all = append(all, e.message)
	}
	for _, r := range sandboxRules {
		all = append(all, r.reason, r.args)
	}
	for _, s := range all {
		for shape, re := range secretShapes {
			if m := re.FindString(s); m != "" {
				t.Errorf("a %s credential in %q", shape, m)
			}
		}
	}
}

// With --secrets every shape is planted, and every value OnSecret reports
// is in the decoded output, which is what a redaction test will look for.
func TestSecretsArePlantedAndReported(t *testing.T) {
	for _, profile := range Profiles {
		for _, version := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/v%d", profile, version), func(t *testing.T) {
				var planted []string
				opts := Options{Profile: profile, SchemaVersion: version, Seed: 5, Runs: 40, Secrets: true,
					OnSecret: func(v string) { planted = append(planted, v) }}
				if profile == OutputHeavy {
					opts.Runs, opts.Seed = 25, 1
				}
				var all []string
				var keys []string
				for _, e := range decode(t, generate(t, opts)) {
					all = append(all, stringsOf(map[string]any(e), &keys)...)
				}
				text := strings.Join(all, "\x00")
				for _, v := range planted {
					if !strings.Contains(text, v) {
						t.Errorf("planted %q is not in the output", v)
					}
				}
				for shape, re := range secretShapes {
					if !re.MatchString(text) {
						t.Errorf("no %s credential planted", shape)
					}
				}
				if len(keys) == 0 {
					t.Error("no credential under a sensitive key")
				}
				if len(planted) < len(secretKinds) {
					t.Errorf("only %d secrets planted", len(planted))
				}
			})
		}
	}
}
