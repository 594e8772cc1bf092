package redact

// Token shapes: a fixed prefix and a body of given characters and length,
// matched as a whole word, so "task-" is not taken for "sk-" and a hash
// that happens to hold "AKIA" is left alone.

// shape is one token form: any of prefixes (tried in order; the first
// that is present decides), then min to max body characters (max 0: no
// limit).
type shape struct {
	prefixes []string
	body     *class
	min, max int
}

// find returns the token at pos, which must start with a prefix.
func (s shape) find(t []byte, pos int) (int, int, bool) {
	if !wordStart(t, pos) {
		return 0, 0, false
	}
	for _, p := range s.prefixes {
		if !hasAt(t, pos, p) {
			continue
		}
		limit := 0
		if s.max > 0 {
			limit = s.max + 1
		}
		start := pos + len(p)
		n := s.body.run(t, start, limit)
		if n < s.min || (s.max > 0 && n > s.max) || !wordEnd(t, start+n) {
			return 0, 0, false
		}
		if longRun(t[start:start+n], maxTokenRun) || maskFollows(t, start+n) {
			return 0, 0, false // a stand-in (see fakes.go)
		}
		return pos, start + n, true
	}
	return 0, 0, false
}

// keywords: each prefix, and a short prefix with each possible first body
// character after it, so that every keyword is at least 4 bytes long (see
// prefilter).
func (s shape) keywords() []kwSpec {
	var out []kwSpec
	for _, p := range s.prefixes {
		if len(p) >= 4 {
			out = append(out, kwSpec{p, false})
			continue
		}
		for _, c := range s.body.members() {
			out = append(out, kwSpec{p + string(c), false})
		}
	}
	return out
}

// shapeRule is a rule made of token shapes.
func shapeRule(id string, shapes ...shape) rule {
	var kws []kwSpec
	for _, s := range shapes {
		kws = append(kws, s.keywords()...)
	}
	return rule{id: id, keywords: kws, find: func(t []byte, pos int) (int, int, bool) {
		for _, s := range shapes {
			if start, end, ok := s.find(t, pos); ok {
				return start, end, true
			}
		}
		return 0, 0, false
	}}
}

// zeroTokenRules are the token shapes of Zero's rules. Anthropic's keys
// come before OpenAI's because "sk-ant-api03-..." also fits "sk-...".
func zeroTokenRules() []rule {
	return []rule{
		{id: RuleAnthropicKey, keywords: exact("sk-ant-api"), find: findAnthropicKey},
		shapeRule(RuleOpenAIKey, shape{[]string{"sk-proj-", "sk-"}, base64URL, 20, 0}),
		shapeRule(RuleGitHubPAT, shape{[]string{"github_pat_"}, wordChars, 20, 0}),
		shapeRule(RuleGitHubToken, shape{[]string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, wordChars, 20, 0}),
		shapeRule(RuleGitLabPAT, shape{[]string{"glpat-"}, base64URL, 20, 0}),
		shapeRule(RuleGoogleAPIKey, shape{[]string{"AIza"}, base64URL, 35, 35}),
		shapeRule(RuleSlackToken, shape{[]string{"xoxb-", "xoxa-", "xoxp-", "xoxr-", "xoxs-"}, newClass("A-Za-z0-9-"), 20, 0}),
		shapeRule(RuleAWSAccessKeyID, shape{[]string{"AKIA", "ASIA"}, upperDigits, 16, 16}),
		{id: RuleJWT, keywords: shape{[]string{"eyJ"}, base64URL, 0, 0}.keywords(), find: findJWT},
	}
}

// findAnthropicKey: sk-ant-api, two digits, "-", then 20 or more of
// [A-Za-z0-9_-].
func findAnthropicKey(t []byte, pos int) (int, int, bool) {
	const prefix = "sk-ant-api"
	i := pos + len(prefix)
	if !wordStart(t, pos) || i+3 > len(t) || !digits[t[i]] || !digits[t[i+1]] || t[i+2] != '-' {
		return 0, 0, false
	}
	i += 3
	n := base64URL.run(t, i, 0)
	if n < 20 || !wordEnd(t, i+n) || longRun(t[i:i+n], maxTokenRun) {
		return 0, 0, false
	}
	return pos, i + n, true
}

// findJWT: three dot-separated base64url parts of 8 or more characters,
// the first starting with eyJ (the encoding of `{"`) where no base64url
// run goes on before it.
func findJWT(t []byte, pos int) (int, int, bool) {
	if pos > 0 && base64URL[t[pos-1]] {
		return 0, 0, false
	}
	i := pos
	for part := 0; part < 3; part++ {
		if part > 0 {
			if i >= len(t) || t[i] != '.' {
				return 0, 0, false
			}
			i++
		}
		n := base64URL.run(t, i, 0)
		if n < 8 {
			return 0, 0, false
		}
		i += n
	}
	return pos, i, true
}
