package redact

import (
	"slices"
	"strings"
)

// rule recognizes one kind of secret in a text. Rules run in order, each
// over the text the rules before it left.
type rule struct {
	id string
	// source says where the rule comes from (see RuleInfo); "" is zsj.
	source       string
	fromGitleaks bool // a rule in gitleaks' format
	// matcher is a regex rule's; vet, for one of zsj's rules, is the
	// matcher of the catalogue's rule for the same secrets, whose
	// entropy and allowlists then apply to it too (see counterparts).
	matcher  *regexMatcher
	vet      *regexMatcher
	keywords []kwSpec
	// find returns the span of the secret the keyword occurrence at pos
	// belongs to, if it is one. The span may start before pos (a key name
	// is found by a part of it) or after it (a URL's password).
	find func(t []byte, pos int) (start, end int, ok bool)
	// all, for rules that are not anchored at their keywords (regular
	// expressions), calls yield with every span in t near the keyword
	// occurrences near, in order; near is nil for a rule with no keywords,
	// which looks at all of t.
	all func(t []byte, near []span, yield func(start, end int))
	// maybe, when set, looks at a keyword found in the raw text of a JSON
	// string that has escapes, at raw[start:end], and reports whether the
	// rule may fire there: a no spares decoding the string. It may only
	// say no from bytes that are not part of an escape.
	maybe func(raw []byte, start, end int) bool
	// escapeNear: maybe is maybePercent, which mayMatch answers from
	// what it has seen of the text (see escapesAhead).
	escapeNear bool
}

type kwSpec struct {
	text string
	fold bool
}

func exact(texts ...string) []kwSpec {
	out := make([]kwSpec, len(texts))
	for i, t := range texts {
		out[i] = kwSpec{t, false}
	}
	return out
}

func folded(texts ...string) []kwSpec {
	out := make([]kwSpec, len(texts))
	for i, t := range texts {
		out[i] = kwSpec{lowerString(t), true}
	}
	return out
}

func lowerString(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower[c]
	}
	return string(b)
}

// The rule ids, stable names that scripts and CI filter on. Rules run in
// the order of defaultTextRules; the sensitive-key rule is about JSON
// members and runs before them.
const (
	RuleUserSecret      = "user-secret"           // a value given with --secret, --secrets-file or --secret-env
	RuleSensitiveKey    = "sensitive-key"         // the value of an object member with a sensitive key
	RulePrivateKey      = "private-key"           // a PEM private key block
	RuleJSONField       = "sensitive-json-field"  // "key": "value" text with a sensitive key
	RuleAssignment      = "sensitive-assignment"  // key=value, key="value", key='value' with a sensitive key
	RuleAuthorization   = "authorization-header"  // Authorization / Proxy-Authorization: Bearer|Basic credential
	RuleAPIKeyHeader    = "api-key-header"        // X-Api-Key: / Api-Key: header
	RuleCookieHeader    = "cookie-header"         // Cookie: / Set-Cookie: header
	RuleURLPassword     = "url-password"          // http(s)://, ws(s)://, ftp:// user:password@
	RuleQueryParam      = "sensitive-query-param" // ?key=value / &key=value with a sensitive key
	RuleAnthropicKey    = "anthropic-api-key"
	RuleOpenAIKey       = "openai-api-key"
	RuleGitHubPAT       = "github-pat"
	RuleGitHubToken     = "github-token"
	RuleGitLabPAT       = "gitlab-pat"
	RuleGoogleAPIKey    = "google-api-key"
	RuleSlackToken      = "slack-token"
	RuleAWSAccessKeyID  = "aws-access-key-id"
	RuleJWT             = "jwt"
	RuleStripeKey       = "stripe-secret-key"
	RuleStripeWebhook   = "stripe-webhook-secret"
	RuleSupabase        = "supabase-token"
	RuleHuggingFace     = "huggingface-token"
	RuleNPM             = "npm-token"
	RulePyPI            = "pypi-token"
	RuleSendGrid        = "sendgrid-api-key"
	RuleSlackWebhook    = "slack-webhook-url"
	RuleDiscordWebhook  = "discord-webhook-url"
	RuleTelegramBot     = "telegram-bot-token"
	RuleGCPServiceAcct  = "gcp-service-account"
	RuleDatabaseURL     = "database-url-password"
	RuleAzureStorageKey = "azure-storage-key"
	RuleDigitalOcean    = "digitalocean-token"
	RuleGroq            = "groq-api-key"
	RuleAgeSecretKey    = "age-secret-key"
	RuleShopify         = "shopify-token"
	RuleLinear          = "linear-api-key"
)

// defaultTextRules returns the default rules for text, in the order they
// run: Zero's own (section 2 of its redaction rules), then the other
// families known to leak into agent transcripts. keys are the sensitive
// key names the key rules use.
func defaultTextRules(keys keySet) []rule {
	kk := keyRuleKeywords(keys)
	rules := []rule{
		{id: RulePrivateKey, keywords: exact("-----BEGIN"), find: findPrivateKey},
		{id: RuleJSONField, keywords: kk, find: keys.findJSONField, maybe: maybeKeyText},
		{id: RuleAssignment, keywords: kk, find: keys.findAssignment, maybe: maybeKeyText},
		{id: RuleAuthorization, keywords: folded("authorization"), find: findAuthorization, maybe: maybeHeader},
		{id: RuleAPIKeyHeader, keywords: folded("api-key"), find: findAPIKeyHeader, maybe: maybeHeader},
		{id: RuleCookieHeader, keywords: folded("cookie"), find: findCookieHeader, maybe: maybeHeader},
		urlRule(RuleURLPassword, "http", "https", "ws", "wss", "ftp"),
		{id: RuleQueryParam, keywords: kk, find: keys.findQueryParam, maybe: maybeKeyText},
	}
	rules = append(rules, zeroTokenRules()...)
	return logFormRules(append(rules, extraRules()...))
}

// keyRuleKeywords are the keywords of the rules about key names in text.
func keyRuleKeywords(keys keySet) []kwSpec {
	seen := map[string]bool{}
	var out []kwSpec
	for name := range keys {
		for _, k := range keyKeywords(name) {
			if !seen[k] {
				seen[k] = true
				out = append(out, kwSpec{k, true})
			}
		}
	}
	slices.SortFunc(out, func(a, b kwSpec) int { return strings.Compare(a.text, b.text) })
	return out
}
