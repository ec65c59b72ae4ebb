"""How secret a name sounds: `DB_PASSWORD` yes, `token_ttl`, `secretName`, `KeyError`, `sort_key` no.

The secret noun must be the head of the name: words after it (`_ttl`, `Name`, `Error`,
`_file`) make the name describe something else, and some words before it make it
ordinary (`sort_key`, `next_token`, `is_secret`).
"""

from __future__ import annotations

import functools

from .patterns import LazyPattern

NOT_SECRET, WEAK, STRONG, PASSWORD = 0, 1, 2, 3

_WORDS = LazyPattern(r"[A-Z]?[a-z0-9]+|[A-Z0-9]+(?![a-z])")
_PASSWORD_NOUNS = ("PASSWORD", "PASSWD", "PASSPHRASE", "PASSCODE")
_PASS_WORDS = frozenset(
    "PASS PWD PW SSHPASS DBPASS STOREPASS KEYPASS SRCSTOREPASS DESTSTOREPASS SRCKEYPASS "
    "DESTKEYPASS NEWPASS OLDPASS ROOTPASS ADMINPASS MYSQLPWD REQUIREPASS PSK".split()
)
# English words that end in "pass" and say nothing of a password.
_PASS_ENGLISH = frozenset("BYPASS COMPASS ENCOMPASS OVERPASS UNDERPASS SURPASS TRESPASS MULTIPASS ONEPASS".split())
_STRONG_KEY_QUALIFIERS = frozenset(
    "API APP ACCOUNT SECRET ACCESS PRIVATE AUTH AUTHENTICATION ENCRYPTION ENCRYPT ENC DECRYPTION SIGNING MASTER LICENSE "
    "LICENCE HMAC JWT CRYPTO CIPHER AES SHARED SHAREDACCESS WEBHOOK INGEST DEPLOY ADMIN ROOT "
    "SUBSCRIPTION CONSUMER DEVELOPER PERSONAL SECURE".split()
)
# Roles a cipher's keys have that a table's or a map's have too (`encryption.primary_key`).
_KEY_ROLES = frozenset("PRIMARY SECONDARY NEXT PREV PREVIOUS LAST FIRST BASE DATA CURRENT OLD NEW".split())
_CIPHERS = frozenset("ENCRYPTION ENCRYPT ENC DECRYPTION SIGNING CRYPTO CIPHER AES HMAC JWT".split())
_PLAIN_KEY_QUALIFIERS = frozenset(
    "SORT PRIMARY FOREIGN CACHE PARTITION LOOKUP DICT MAP UNIQUE HOT SHORTCUT ROUTING IDEMPOTENCY "
    "GROUP ROW COLUMN INDEX HASH REGISTRY PUBLIC PUBLISHABLE PUB OBJECT S3 BUCKET NATURAL COMPOSITE "
    "SURROGATE DEDUP DEDUPE RANGE SEARCH STATE REDIS KV TRANSLATION I18N MESSAGE LOCALE LIST ITEM "
    "CONFIG SETTING SETTINGS FIELD PROPERTY PROP ATTR ATTRIBUTE JSON YAML QUERY PARAM HEADER "
    "SCHEMA ENTITY TABLE RECORD DOCUMENT EVENT METRIC LABEL TAG FEATURE FLAG CONTEXT STORAGE "
    "LOCAL SESSION CURSOR SHARD BLOB FILE PATH MODEL OPTION ENUM REF MUTEX LOCK VERIFY "
    "GPG PGP SSH HOST KNOWN SIGNATURE MATCH GLOB CHILD PARENT NODE DATA RESULT OUTPUT INPUT RESPONSE "
    "REQUEST BASE NEXT PREV LAST FIRST SECONDARY".split()
)
_PLAIN_TOKEN_QUALIFIERS = frozenset(
    "NEXT PAGE PAGINATION CONTINUATION CURSOR SYNC CANCELLATION CANCEL RESUME IDEMPOTENCY MAX MIN "
    "INPUT OUTPUT TOTAL PROMPT COMPLETION BOS EOS PAD UNK SEP CLS MASK SPECIAL START END STOP EOT "
    "CHANGE LOCK FENCING CONCURRENCY CACHE REASONING THINKING CACHED TEXT WORD LEXER SYNTAX REQUEST "
    "CLIENTREQUEST CLIENT CREATION SEQUENCE EXPORT VERIFICATION PARSE PARSER UNEXPECTED FORWARD "
    "BACKWARD STARTING PAGING IMPORT UPDATE".split()
)
_WEAK_TOKEN_QUALIFIERS = frozenset("CSRF XSRF ANTIFORGERY".split())
_PLAIN_SECRET_QUALIFIERS = frozenset("EXISTING K8S KUBERNETES SEALED EXTERNAL".split())
# Words before the noun that make the name a flag, a question or an action, not a value.
_LEADING_VERBS = frozenset(
    "IS HAS NO USE USES WITH REQUIRE REQUIRES REQUIRED ALLOW DISABLE ENABLE SKIP ASK PROMPT SHOW "
    "HIDE VALIDATE VERIFY CHECK GET GENERATE GEN REVOKE EXPIRE MASK REDACT SHOULD CAN MUST NEED "
    "NEEDS FETCH LOAD PARSE DECODE HANDLE ON EMIT FORGOT RESET COUNT NUM N".split()
)
# Words after the noun that make the name describe something about the secret, not hold it.
_HASHED = frozenset(("HASH", "HASHED", "DIGEST"))
# A password hash's algorithm and encoding after the noun (`password_sha256_hex`, `passwordMd5`):
# the hash, which is cracked offline, as `password_hash` is.
_HASH_PARTS = _HASHED | frozenset(
    "SHA MD MD5 BCRYPT SCRYPT ARGON ARGON2 ARGON2ID PBKDF2 CRYPT HEX B64 BASE64 DOUBLE".split()
)
_TRAILING = frozenset(
    "TTL EXPIRY EXPIRES EXPIRATION EXPIRE EXPIRED EXP AGE TIMEOUT LIFETIME DURATION VALIDITY INTERVAL COUNT "
    "COUNTS LEN LENGTH SIZE LIMIT LIMITS MAX MIN NAME NAMES ID IDS TYPE TYPES KIND FILE FILES PATH "
    "PATHS DIR FOLDER URL URI URLS ENDPOINT HOST PORT SERVER FIELD FIELDS HEADER HEADERS PREFIX "
    "SUFFIX FORMAT POLICY POLICIES REF REFS ARN VERSION ENABLED DISABLED REQUIRED ENV VAR VARS "
    "VARIABLE PARAM PARAMS METHOD METHODS PROVIDER PROVIDERS SERVICE STORE MANAGER MODE ERROR "
    "ERRORS EXCEPTION STDIN FD CMD COMMAND PROMPT HELPER LOCATION SOURCE SOURCES STRATEGY SCHEME "
    "ALGORITHM ALG ALGO LABEL HINT DESCRIPTION DESC TEXT MESSAGE MSG STATUS STATE VALID VALIDATOR "
    "VALIDATION CHECK CHECKER REGEX PATTERN RULE RULES STRENGTH COMPLEXITY RESET CHANGE CHANGED "
    "HASH HASHED FINGERPRINT USAGE USED BUDGET CLASS HANDLER MIDDLEWARE BACKEND INPUT OUTPUT FORM "
    "WIDGET PAGE VIEW SCREEN BUTTON DIALOG MODAL ROTATION RENEWAL INDEX POSITION POS OFFSET "
    "START END SPAN RANGE ISSUER AUDIENCE SCOPE SCOPES CLAIMS PAYLOAD DATE TIME TIMESTAMP AT "
    "CREATED UPDATED LAST TEST TESTS SPEC DOCS HELP PLACEHOLDER LOADER READER WRITER PARSER "
    "GENERATOR FACTORY BUILDER RESOLVER FETCHER SCANNER DETECTOR FILTER ENCODER DECODER SIGNER "
    "VERIFIER LIST MAP DICT ARRAY QUEUE POOL REGISTRY ENGINE MOUNT ROLE GROUP OWNER REQUEST "
    "RESPONSE RESULT INFO DETAILS META METADATA OBJ OBJECT MODEL SCHEMA SERIALIZER CONFIG "
    "SETTINGS OPTIONS OPTS ARGS KWARGS STATS METRICS LOG LOGS LOGGER EVENT EVENTS HOOK CALLBACK "
    "FN FUNC FUNCTION LAMBDA REGION ZONE PROJECT KEYS TOKENS SECRETS IDX NUM NUMBER DIGEST "
    "LOOKUP CLIENT SELECTOR ENTRY ENTRIES REQUIRE ISSUED ALIAS KEYRING PAIR LEN BITS STRENGTH "
    "EXCHANGE GRANT ENCODING CONTEXT CONTENTS AUTHORITY REFRESH ANNOTATION ANNOTATIONS SHA MD "
    "CHECKSUM CRC CONFIGURATION CONFIGURATIONS CONDITION EXPRESSION FDS INFOS PARAMETER PARAMETERS "
    "MGR REALM ENCRYPTION HASHING HASHER HASHERS PROCESS SCRIPT PROGRAM".split()
)

DESCRIBING_WORDS = _TRAILING  # words that make a name describe a secret rather than hold it
LEADING_VERBS = _LEADING_VERBS  # words before a noun that make a name a flag or an action
HASHED = _HASHED  # words after a password's noun that make the name a hash's


def words_of(name: str) -> list[str]:
    """Upper-case words; trailing digits dropped (`password1`), kept when short (`S3`)."""
    words: list[str] = []
    for w in _WORDS.findall(name):
        stripped = w.upper().rstrip("0123456789")
        word = stripped if len(stripped) >= 3 or stripped == w.upper() else w.upper()
        if words and words[-1] == "PASS" and word in ("WORD", "PHRASE", "CODE"):
            words[-1] += word  # `pass_phrase`, `Pass-Word`: one noun written in two
            continue
        if word == "PASSE" and words[-2:] in (["MOT", "DE"], ["PALAVRA"]):
            words[-len(words[-2:]) :] = ["".join(words[-2:]) + word]  # `mot_de_passe`, `palavraPasse`
            continue
        words.append(word)
    return words


# The nouns in other languages a name may be written in (`senha`, `db_passwort`, `claveSecreta`,
# `jeton_api`), spelt in ASCII as identifiers are, read as their English words. A password's
# may end a compound (`DATENBANKPASSWORT`); the Romance adjectives after `clave`, `chave`,
# `chiave` say secret or private (`clave_secreta`).
_FOREIGN_PASSWORD_NOUNS = (
    "PASSWORT", "KENNWORT", "MOTDEPASSE", "PALAVRAPASSE", "SENHA", "CONTRASENA", "WACHTWOORD", "HESLO", "HASLO", "PASSORD", "LOSENORD",
    "SALASANA", "JELSZO", "SIFRE",
)  # fmt: skip
_FOREIGN = {
    **dict.fromkeys("GEHEIMNIS SECRETO SECRETA SECRETE SEGREDO SEGRETO SEGRETA SEKRET".split(), "SECRET"),
    **dict.fromkeys("PRIVADA PRIVATA PRIVEE PRYWATNY".split(), "PRIVATEKEY"),
    **dict.fromkeys("JETON".split(), "TOKEN"),
    **dict.fromkeys("CLAVE CHAVE CHIAVE SCHLUESSEL SLEUTEL KLUCZ".split(), "KEY"),
}
FOREIGN_NOUNS = tuple(w.lower() for w in (*_FOREIGN_PASSWORD_NOUNS, *_FOREIGN))  # lower case, for searches
# Runs of them a text must hold for a rule reading them to run, in the cases a name is written
# in (the same strings as `languages`' triggers: a long text is scanned once for each).
FOREIGN_TRIGGERS = (
    "wort", "WORT", "enha", "ENHA", "ontras", "ONTRAS", "twoord", "heslo", "Heslo", "HESLO", "jeton", "Jeton",
    "JETON", "clave", "Clave", "CLAVE", "chave", "Chave", "CHAVE", "chiave", "Chiave", "CHIAVE", "eheim", "lucz",
)  # fmt: skip


def _noun(word: str, before: str | None) -> int:
    """Tier of one word taken as the head noun (`before` is the word in front of it)."""
    word = _FOREIGN.get(word, word)
    if word.endswith(_PASSWORD_NOUNS) or word in _PASS_WORDS or word.endswith(_FOREIGN_PASSWORD_NOUNS):
        return PASSWORD
    if word.endswith(("PW", "PWD")) or word.endswith("PASS") and word not in _PASS_ENGLISH:
        return PASSWORD  # `rootpw`, `bindpw`, `adminpwd`, `remotepass`: a short password noun last
    if word.endswith("AUTHTOK"):
        return PASSWORD  # `ldap_default_authtok`: PAM's and SSSD's word for a password
    if word.endswith("SALT") or word == "ENCRYPT" or (word.endswith("COOKIE") and (word != "COOKIE" or before)):
        return WEAK  # `TicketSalt`, `ERLANG_COOKIE`, Consul's `encrypt`: a secret when random (a bare `Cookie:` is a header)
    if word == "HMAC" and before is not None and before not in _COMPUTED:
        return WEAK  # `WEBHOOK_HMAC`: the key a webhook's payload is signed with (`expected_hmac` is a digest)
    if word.endswith("SECRET"):
        return NOT_SECRET if before in _PLAIN_SECRET_QUALIFIERS else STRONG
    if word.endswith("TOKEN"):
        if before in _PLAIN_TOKEN_QUALIFIERS:
            return NOT_SECRET
        return WEAK if before in _WEAK_TOKEN_QUALIFIERS else STRONG
    if word in ("CREDENTIAL", "CREDENTIALS", "CREDS") or word.endswith("CREDENTIALS"):
        return STRONG
    if word == "PAT" and before is not None:
        return STRONG  # `GITHUB_PAT`, `NUGET_FEED_PAT`: a personal access token (a bare `pat` may be a name)
    if word == "BEARER":
        return STRONG  # `{:bearer, "…"}`, `bearer: "…"`: the token an `Authorization: Bearer` header carries
    if word == "KEY":
        if before in _STRONG_KEY_QUALIFIERS:
            return STRONG
        return NOT_SECRET if before in _PLAIN_KEY_QUALIFIERS else WEAK
    if word.endswith("KEY") and (word[:-3] in _STRONG_KEY_QUALIFIERS or word.endswith("APIKEY")):
        return STRONG  # APIKEY, SECRETKEY, ACCESSKEY, PRIVATEKEY; `xapikey` (an `X-API-Key` header's)
    if word.endswith("AUTH") and word[:-4] in _STRONG_KEY_QUALIFIERS:
        return STRONG  # `masterauth`, `adminauth`: the password a server gives its peers
    if word == "AUTH" and before is not None and before not in _LEADING_VERBS:
        return PASSWORD  # `REDISCLI_AUTH`, `PROXY_AUTH`: a tool's password under its name
    if word in ("AUTH", "SIG", "SIGNATURE", "AUTHENTICATE"):
        return WEAK  # (`--authenticate=…`: what a benchmark or client authenticates with, when random)
    return NOT_SECRET


_HOLDERS = frozenset(("text", "value", "contents"))
_COMPUTED = frozenset("EXPECTED COMPUTED CALCULATED ACTUAL RECEIVED GOT NEW PAYLOAD BODY REQUEST MESSAGE".split())
_FILE_NAME = LazyPattern(
    r"\.(?:py|pyi|ts|tsx|js|jsx|mjs|json|ya?ml|toml|ini|cfg|conf|rs|go|rb|php|java|kt|cs|swift|txt|md|env|pem|key|crt|pub|sh|lock|example|sample|bak|enc|gpg|age|log)$"
)


def _property_key(low: str) -> bool:
    """`fs.s3a.secret.key`, `app.api.key`: a property whose last word is `key`, not a file
    named `….key` (`server.key`, `api.key`): three dots, or two after a key's qualifier."""
    parts = low.split(".")
    return len(parts) >= 4 or (len(parts) == 3 and parts[1].upper() in _STRONG_KEY_QUALIFIERS)


@functools.lru_cache(maxsize=4096)  # the same names recur line after line
def tier(name: str, whole: bool = False) -> int:
    """NOT_SECRET, WEAK (a value must look random), STRONG, or PASSWORD (any literal counts)."""
    low = name.lower()
    if low in ("_auth", "_authtoken", "_password"):
        return STRONG  # .npmrc
    if _FILE_NAME.search(low) and not (low.endswith(".key") and _property_key(low)):
        return NOT_SECRET  # `token.py`, `secrets.yaml`: a file (`fs.s3a.secret.key`: a property)
    # `settings.api_key`: the last attribute names the value; `Token.String.Symbol` is no token;
    # a last attribute that only holds it names nothing (`keys.smtp-pass.text`: the part before).
    if not whole and "." in name.strip(".") and name.rsplit(".", 1)[-1].lower() in _HOLDERS:
        name = name.rsplit(".", 1)[0]
    first = 0
    if "." in name.strip(".") and not whole:
        # The last attribute names the value, the word before it may qualify it: `app.api.key`,
        # `auth.secret.key` as `api_key`, `ssh.host.key` as `host_key` (read, never a noun itself).
        head, _, last = name.strip(".").rpartition(".")
        words = words_of(last)
        qualifier = words_of(head)[-1:] if len(words) == 1 else []
        scope = words_of(head)[-1:]
        if len(words) == 2 and words[1] == "KEY" and words[0] in _KEY_ROLES and scope and scope[0] in _CIPHERS:
            words = [scope[0], "KEY"]  # `encryption.primary_key`: a cipher's key in its role, not a table's
        words, first = qualifier + words, len(qualifier)
    else:
        words = words_of(name)
    for i in range(len(words) - 1, first - 1, -1):
        found = _noun(words[i], words[i - 1] if i else None)
        if found == NOT_SECRET:
            continue
        if found == PASSWORD and words[i + 1 :] and all(w in _HASH_PARTS for w in words[i + 1 :]):
            return STRONG  # `password_hash`, `passwordDigest`: a password's hash is cracked offline, a secret
        if any(w in _TRAILING for w in words[i + 1 :]) or any(w in _LEADING_VERBS for w in words[:i]):
            return NOT_SECRET
        if any(w in _PLAIN_SECRET_QUALIFIERS for w in words[i + 1 :]) or "EXISTING" in words[:i]:
            return NOT_SECRET  # `apiKeyExistingSecret`, `existingSecretPasswordKey`: where the secret is kept
        if any(w in ("PUBLIC", "PUBLISHABLE", "PUB") for w in words[:i]):
            return NOT_SECRET  # `publicKeyToken`, `PUBLIC_API_KEY`
        if words[i] in ("PASS", "PW", "PWD") and i < len(words) - 1:
            return NOT_SECRET  # `pass_fds`, `pass_zero`: "pass" the verb
        if words[i] == "AUTH" and found == PASSWORD and (i < len(words) - 1 or not name.isupper()):
            return WEAK  # a password only as an env variable's last word (`REDISCLI_AUTH`; not `_encode_auth`)
        return found
    return NOT_SECRET


_SETTER = LazyPattern(r"(?:[Ss]et|[Ww]ith|[Uu]se)(?=[A-Z_])_?")


def setter_tier(name: str) -> int:
    """The tier of a builder's setter called with the value (`WithAuthToken(…)`, `use_password(…)`,
    `setApiKey(…)`): its leading `set`/`with`/`use` sets the secret, unlike a flag's
    (`use_password: true`)."""
    name = name.rsplit(".", 1)[-1]
    setter = _SETTER.match(name)
    return tier(name[setter.end() :]) if setter else NOT_SECRET


def tier_any_part(name: str) -> int:
    """The tier of a config key, all its parts read: `pypi-token.pypi` in `poetry config`."""
    return tier(name, whole=True)


def is_sig(name: str) -> bool:
    words = words_of(name)
    return bool(words) and words[-1] in ("SIG", "SIGNATURE")


_FLAG_THEN_NAME = LazyPattern(r"(?:^|[ \t])--?[A-Za-z][\w-]*[ \t]+$")
_VARIABLE = LazyPattern(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def given_by_name(text: str, start: int, end: int) -> bool:
    """`--secret DB_PASSWORD +integration`, `-e API_TOKEN image`: a variable's name is a flag's
    argument (the tool reads its value from the environment), so what follows is the command's
    next argument, not the name's value."""
    return (
        _VARIABLE.fullmatch(text, start, end) is not None
        and _FLAG_THEN_NAME.search(text, max(0, start - 60), start) is not None
    )


_PROSE_WORDS = frozenset(
    "is was were are be been has have had will can must for of to the a an and or i you we it".split()
)
_FIRST_WORDS = LazyPattern(r"[ \t]?([A-Za-z]+(?:[ \t]+[A-Za-z]+){0,2})")


def described(noun: str, text: str, at: int = 0) -> bool:
    """Whether the words at `at` of `text` (after a space, up to three) make the secret's `noun`
    before them a name for something else: `Secret fingerprint: …`, `Token hash: …`, `Secret Key
    ID: …` (a digest, an id, a name), as `tier` reads them as one name (`password hash` stays a
    secret's)."""
    m = _FIRST_WORDS.match(text, at)
    words: list[str] = []
    for w in m.group(1).split() if m is not None else ():
        if w.lower() in _PROSE_WORDS:
            break  # `token was successfully created:`: a sentence about the secret, not its name
        words.append(w)
    return bool(words) and tier(noun + "_" + "_".join(words)) == NOT_SECRET
