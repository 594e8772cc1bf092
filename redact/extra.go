package redact

// extraRules are the credential families beyond Zero's rules that are
// seen leaking into agent transcripts (a tool prints an .env file, a
// config, a command line) and that well-known scanners cover. Every one is
// a fixed prefix or a fixed place in a URL or config, with a body of set
// length or alphabet, matched as a whole word: ordinary code, hashes,
// UUIDs and base64 blobs do not fit.
func extraRules() []rule {
	return []rule{
		shapeRule(RuleStripeKey, shape{[]string{"sk_live_", "rk_live_", "sk_test_", "rk_test_"}, alnumChars, 20, 0}),
		shapeRule(RuleStripeWebhook, shape{[]string{"whsec_"}, alnumChars, 24, 0}),
		shapeRule(RuleSupabase,
			shape{[]string{"sbp_"}, hexLower, 40, 40},
			shape{[]string{"sb_secret_"}, base64URL, 20, 0}),
		shapeRule(RuleHuggingFace, shape{[]string{"hf_"}, letters, 34, 34}),
		shapeRule(RuleNPM, shape{[]string{"npm_"}, alnumChars, 36, 36}),
		// "AgEIcHlwaS5vcmc" is the fixed start of every PyPI macaroon
		// (and "AgENdGVzdC5weXBpLm9yZw" of TestPyPI's).
		shapeRule(RulePyPI, shape{[]string{"pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"}, base64URL, 50, 0}),
		{id: RuleSendGrid, keywords: shape{[]string{"SG."}, base64URL, 0, 0}.keywords(), find: findSendGrid},
		{id: RuleSlackWebhook, keywords: folded("hooks.slack.com"), find: findSlackWebhook},
		{id: RuleDiscordWebhook, keywords: folded("discord"), find: findDiscordWebhook},
		{id: RuleTelegramBot, keywords: telegramKeywords(), find: findTelegramToken},
		{id: RuleGCPServiceAcct, keywords: exact("private_key_id"), find: findGCPKeyID},
		urlRule(RuleDatabaseURL, "postgres", "postgresql", "mysql", "mariadb", "mongodb", "mongodb+srv",
			"redis", "rediss", "amqp", "amqps", "mssql", "sqlserver", "clickhouse"),
		{id: RuleAzureStorageKey, keywords: folded("AccountKey="), find: findAzureStorageKey},
		shapeRule(RuleDigitalOcean, shape{[]string{"dop_v1_", "doo_v1_", "dor_v1_"}, hexLower, 64, 64}),
		shapeRule(RuleGroq, shape{[]string{"gsk_"}, alnumChars, 52, 52}),
		shapeRule(RuleAgeSecretKey, shape{[]string{"AGE-SECRET-KEY-1"}, upperDigits, 58, 58}),
		shapeRule(RuleShopify, shape{[]string{"shpat_", "shpca_", "shppa_", "shpss_"}, hexAny, 32, 32}),
		shapeRule(RuleLinear, shape{[]string{"lin_api_"}, alnumChars, 40, 40}),
	}
}

// findSendGrid: SG. then 22 and 43 base64url characters around a dot.
func findSendGrid(t []byte, pos int) (int, int, bool) {
	i := pos + len("SG.")
	if !wordStart(t, pos) || !hasAt(t, pos, "SG.") || base64URL.run(t, i, 23) != 22 {
		return 0, 0, false
	}
	i += 22
	if i >= len(t) || t[i] != '.' || base64URL.run(t, i+1, 44) != 43 {
		return 0, 0, false
	}
	return pos, i + 44, true
}

// findSlackWebhook: the path of https://hooks.slack.com/services/...
// (or /workflows/, /triggers/), which is the whole credential.
func findSlackWebhook(t []byte, pos int) (int, int, bool) {
	i := pos + len("hooks.slack.com/")
	if !hasFoldAt(t, pos, "hooks.slack.com/") {
		return 0, 0, false
	}
	ok := false
	for _, kind := range []string{"services/", "workflows/", "triggers/"} {
		if hasAt(t, i, kind) {
			ok = true
			break
		}
	}
	n := slackPath.run(t, i, 0)
	if !ok || n < 20 {
		return 0, 0, false
	}
	return i, i + n, true
}

var slackPath = newClass("A-Za-z0-9_/-")

// findDiscordWebhook: the token of discord.com/api/webhooks/ID/TOKEN.
func findDiscordWebhook(t []byte, pos int) (int, int, bool) {
	i := pos
	switch {
	case hasFoldAt(t, i, "discord.com/api/webhooks/"):
		i += len("discord.com/api/webhooks/")
	case hasFoldAt(t, i, "discordapp.com/api/webhooks/"):
		i += len("discordapp.com/api/webhooks/")
	default:
		return 0, 0, false
	}
	n := digits.run(t, i, 0)
	if n < 17 || n > 20 || i+n >= len(t) || t[i+n] != '/' {
		return 0, 0, false
	}
	i += n + 1
	m := base64URL.run(t, i, 0)
	return i, i + m, m >= 60
}

// telegramKeywords: a digit, then ":AA", where every bot token's secret
// part starts.
func telegramKeywords() []kwSpec {
	var out []kwSpec
	for _, d := range digits.members() {
		out = append(out, kwSpec{string(d) + ":AA", false})
	}
	return out
}

// findTelegramToken: 8 to 10 digits (the bot id), ":", then 35 characters
// starting with AA. The keyword is found at the last digit.
func findTelegramToken(t []byte, pos int) (int, int, bool) {
	start := pos
	for start > 0 && digits[t[start-1]] {
		start--
	}
	if n := pos + 1 - start; n < 8 || n > 10 || !wordStart(t, start) {
		return 0, 0, false
	}
	i := pos + len("0:AA")
	if base64URL.run(t, i, 34) != 33 || !wordEnd(t, i+33) {
		return 0, 0, false
	}
	return start, i + 33, true
}

// findGCPKeyID: the private_key_id of a service-account JSON key file (its
// private_key is a PEM block and a sensitive key, found by other rules).
func findGCPKeyID(t []byte, pos int) (int, int, bool) {
	i := pos + len("private_key_id")
	if i < len(t) && t[i] == '\\' {
		i++
	}
	if i >= len(t) || (t[i] != '"' && t[i] != '\'') {
		return 0, 0, false
	}
	i, ok := headerValue(t, i+1)
	if !ok {
		return 0, 0, false
	}
	qlen := quoteAt(t, i)
	if qlen == 0 {
		return 0, 0, false
	}
	i += qlen
	if hexLower.run(t, i, 41) != 40 {
		return 0, 0, false
	}
	return i, i + 40, true
}

// findAzureStorageKey: AccountKey= in a storage connection string, then
// the 88 base64 characters of the key.
func findAzureStorageKey(t []byte, pos int) (int, int, bool) {
	i := pos + len("AccountKey=")
	if !wordStart(t, pos) || base64Std.run(t, i, 87) != 86 || !hasAt(t, i+86, "==") {
		return 0, 0, false
	}
	return i, i + 88, true
}
