package redact

import (
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	gitleaksconfig "github.com/zricethezav/gitleaks/v8/config"
)

// The built-in rules are Zero's own, the families zsj adds, and gitleaks'
// catalogue, taken from its Go module (the default configuration its
// config package embeds), so that updating the module brings its new
// rules. The catalogue is parsed and compiled once per process, when a
// RuleSet first needs it. The config package brings viper and the rest of
// gitleaks' configuration code into the binary; Go cannot take one
// variable of a package without the package, and what their init
// functions cost at start-up is well under a millisecond, so it is
// imported as it is.

// Where rules come from, as RuleInfo.Source says.
const (
	SourceZero   = "zero"   // Zero's redaction rules
	SourceZsj    = "zsj"    // the families zsj adds
	SourceUser   = "user"   // --secret, --secrets-file, --secret-env, --key
	SourceConfig = "config" // a CustomRule with no Source
)

const gitleaksModule = "github.com/zricethezav/gitleaks/v8"

// SourceGitleaks is the source of the built-in gitleaks catalogue's rules:
// "gitleaks " and the version of the module built in.
var SourceGitleaks = "gitleaks " + gitleaksVersion()

func gitleaksVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == gitleaksModule {
				if d.Replace != nil {
					d = d.Replace
				}
				return d.Version
			}
		}
	}
	return pinnedGitleaks // a test binary, or a build without module information
}

// pinnedGitleaks is the version go.mod requires (a test checks that they
// agree).
const pinnedGitleaks = "v8.30.1"

// gitleaksBase is the parsed catalogue: its rules with the allowlists
// that target them, and its global allowlists.
type gitleaksBase struct {
	rules   []CustomRule
	globals []Allowlist
}

var builtinGitleaks = sync.OnceValues(loadCatalogue)

func loadCatalogue() (gitleaksBase, error) {
	var warn warnings
	f, err := decodeGitleaks([]byte(gitleaksconfig.DefaultConfig), &warn)
	if err != nil {
		return gitleaksBase{}, err
	}
	c, err := f.translate(SourceGitleaks, true, &warn)
	if err != nil {
		return gitleaksBase{}, err
	}
	if err := c.attachAllowlists(false); err != nil {
		return gitleaksBase{}, err
	}
	return gitleaksBase{c.Rules, c.globals}, nil
}

// gitleaksCatalogue returns the built-in catalogue's rules, each with the
// global allowlists first, leaving out the disabled ones and those that a
// rule from a gitleaks file replaces.
func gitleaksCatalogue(replacing []CustomRule, disabled []string) ([]CustomRule, error) {
	base, err := builtinGitleaks()
	if err != nil {
		return nil, err
	}
	var out []CustomRule
	for _, r := range base.rules {
		if slices.Contains(disabled, r.ID) || slices.ContainsFunc(replacing, func(o CustomRule) bool { return o.gitleaks && o.ID == r.ID }) {
			continue
		}
		r.Allowlists = slices.Concat(base.globals, r.Allowlists)
		out = append(out, r)
	}
	return out, nil
}

// renamed gives a rule from a gitleaks file whose id one of zsj's rules
// already has the id "gitleaks-" + id: ours stays under its id, and the
// two do not clash.
func renamed(cr CustomRule, before []rule) CustomRule {
	if cr.gitleaks && slices.ContainsFunc(before, func(r rule) bool { return r.id == cr.ID && !r.fromGitleaks }) {
		cr.ID = "gitleaks-" + cr.ID
	}
	return cr
}

// zeroRuleIDs are the ids of the rules that come from Zero's redaction
// rules; the other default text rules are zsj's.
func zeroRuleIDs() []string {
	ids := []string{RulePrivateKey, RuleJSONField, RuleAssignment, RuleAuthorization,
		RuleAPIKeyHeader, RuleCookieHeader, RuleURLPassword, RuleQueryParam}
	for _, r := range zeroTokenRules() {
		ids = append(ids, r.id)
	}
	return ids
}

func markSource(rules []rule, ids []string, source string) {
	for i := range rules {
		if slices.Contains(ids, rules[i].id) {
			rules[i].source = source
		}
	}
}

// counterparts names, for zsj's token rules, the catalogue's rule for the
// same secrets. Its allowlists (with the catalogue's global one:
// placeholders, example keys) apply to ours as well, so that a value
// gitleaks knows not to be a secret is left by both; its entropy
// threshold does not, as zsj's rules replace tokens of a real shape
// whatever their letters. Zero's AWS rule has none: it replaces AWS's
// documented example keys (...EXAMPLE) too, which gitleaks lets pass.
var counterparts = map[string]string{
	RuleAnthropicKey: "anthropic-api-key",
	RuleOpenAIKey:    "openai-api-key",
	RuleGitHubPAT:    "github-fine-grained-pat",
	RuleGitHubToken:  "github-pat",
	RuleGitLabPAT:    "gitlab-pat",
	RuleGoogleAPIKey: "gcp-api-key",
	RuleSlackToken:   "slack-bot-token",
	RuleJWT:          "jwt",
	RuleStripeKey:    "stripe-access-token",
	RuleHuggingFace:  "huggingface-access-token",
	RuleNPM:          "npm-access-token",
	RulePyPI:         "pypi-upload-token",
	RuleSendGrid:     "sendgrid-api-token",
	RuleTelegramBot:  "telegram-bot-api-token",
	RuleDigitalOcean: "digitalocean-pat",
	RuleAgeSecretKey: "age-secret-key",
	RuleShopify:      "shopify-access-token",
	RuleLinear:       "linear-api-key",
}

// linkCounterparts sets the vet of zsj's rules that have a counterpart
// among the catalogue's rules in rules.
func linkCounterparts(rules []rule) {
	byID := map[string]*regexMatcher{}
	for _, r := range rules {
		if r.fromGitleaks && r.matcher != nil && r.source == SourceGitleaks {
			byID[strings.TrimPrefix(r.id, "gitleaks-")] = r.matcher
		}
	}
	for i := range rules {
		if rules[i].fromGitleaks {
			continue
		}
		if m := byID[counterparts[rules[i].id]]; m != nil {
			rules[i].vet = m
		}
	}
}
