package redact

// Short command-line flags that take a credential, for commands whose
// flags are known (a short flag means something else to every other
// command: mkdir -p, ssh -p 22, docker run -p 8080:80). Long flags with a
// sensitive name (--password v, --token=v, --api-key v, --client-secret
// v) are the sensitive-assignment rule's. The list:
//
//	docker/podman/nerdctl/helm ... login -p VALUE
//	mysql, mysqldump, mysqladmin, mariadb -pVALUE (glued: -p alone prompts)
//	sshpass -p VALUE
//	redis-cli -a VALUE
//	curl -u USER:VALUE, curl --user USER:VALUE (the part after the colon)

// RuleCLIFlag is the id of the rule about short credential flags.
const RuleCLIFlag = "cli-credential-flag"

type cliFlag struct {
	flag     string
	glued    bool // the value follows the flag without a blank
	userPass bool // the value is user:secret
}

// cliCommands maps each command name (as its rule keyword) to the flags
// that carry a credential. A name matches as the start of a word, so
// mysql covers mysqldump and mysqladmin.
var cliCommands = map[string][]cliFlag{
	"login":     {{flag: "-p"}},
	"mysql":     {{flag: "-p", glued: true}},
	"mariadb":   {{flag: "-p", glued: true}},
	"sshpass":   {{flag: "-p"}},
	"redis-cli": {{flag: "-a"}},
	"curl":      {{flag: "-u", userPass: true}, {flag: "--user", userPass: true}},
}

func cliFlagRule() rule {
	var kws []string
	for name := range cliCommands {
		kws = append(kws, name)
	}
	return rule{id: RuleCLIFlag, keywords: folded(kws...), find: findCLIFlag}
}

// commandEnd ends a command's arguments.
var commandEnd = newClass("\r\n;|&`")

func findCLIFlag(t []byte, pos int) (int, int, bool) {
	if !wordStart(t, pos) {
		return 0, 0, false
	}
	var flags []cliFlag
	name := 0
	for n, f := range cliCommands {
		if hasFoldAt(t, pos, n) {
			flags, name = f, len(n)
			break
		}
	}
	i := pos + name
	for i < len(t) && wordChars[t[i]] {
		i++ // mysqldump
	}
	end := i
	for end < len(t) && !commandEnd[t[end]] {
		end++
	}
	for k := i; k < end; k++ {
		if t[k] != '-' || (t[k-1] != ' ' && t[k-1] != '\t') {
			continue
		}
		for _, f := range flags {
			if !hasAt(t, k, f.flag) {
				continue
			}
			v := k + len(f.flag)
			if f.glued {
				if v < end && t[v] != ' ' && t[v] != '\t' && t[v] != '=' {
					return cliValue(t, v, end, f)
				}
				continue
			}
			if w := skipBlanks(t, v); w > v && w < end {
				return cliValue(t, w, end, f)
			}
		}
	}
	return 0, 0, false
}

// cliValue returns the credential in the word at v, quoted or up to
// what ends a shell word.
func cliValue(t []byte, v, end int, f cliFlag) (int, int, bool) {
	if qlen := quoteAt(t, v); qlen > 0 {
		if !f.userPass {
			return quotedSecret(t, v, qlen, false)
		}
		v += qlen
	}
	j := v
	for j < end && !valueStop[t[j]] {
		j++
	}
	if f.userPass {
		colon := -1
		for k := v; k < j; k++ {
			if t[k] == ':' {
				colon = k
				break
			}
		}
		if colon < 0 {
			return 0, 0, false // curl asks for the password
		}
		v = colon + 1
	}
	if j <= v || t[v] == '-' || pathLike(t[v:j]) || placeholder(t[v:j]) {
		return 0, 0, false
	}
	return v, j, true
}
