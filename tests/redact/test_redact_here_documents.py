"""What a command that asks for a secret reads on its input: each line of a here-document fed
to it (`secret create … - <<EOF`, a password store's `insert <<EOF`, `chpasswd <<EOF` with its
`user:` before each password), and a here-string given where an option reads a secret's file
from the input (`--password-file /dev/stdin <<< …`). Here-documents fed to other commands,
references and lines holding a space are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.stdin import redact_here_documents

PERSON = "Quartz.6620Lake"


@pytest.mark.parametrize(
    "template",
    [
        "docker secret create shop_db_password - <<EOF\n{v}\nEOF",
        "podman secret create pg_pass - <<'END'\n{v}\nEND",
        "pass insert -m mail/smtp <<EOF\n{v}\nlogin: bob\nEOF",  # the store's first line
        "gh secret set DEPLOY_KEY <<EOF\n{v}\nEOF",
        "sudo chpasswd <<-EOF\n\tbob:{v}\n\tEOF",  # a user before it; `<<-`'s indented delimiter
        "kubectl create secret generic db --from-file=password=/dev/stdin <<EOF\n{v}\nEOF",
        "restic -r s3:bucket init --password-file /dev/stdin <<< '{v}'",
        "age -e --passphrase-file=- -o out.age in.txt <<< '{v}'",
    ],
)
def test_a_secret_fed_on_the_input_is_removed(template: str) -> None:
    out = redact(template.format(v=PERSON))
    assert PERSON not in out and MARK in out


def test_only_the_password_line_of_a_store_is_marked() -> None:
    text = "gopass insert -m ops/ftp <<'EOF'\ncoffee-purple-willow-5576\nuser: deploy\nEOF"
    assert redact_here_documents(text) == "gopass insert -m ops/ftp <<'EOF'\n[REDACTED]\nuser: deploy\nEOF"


@pytest.mark.parametrize(
    "text",
    [
        "cat <<EOF > config.yaml\nname: web2024\nEOF",
        'python - <<EOF\nprint("harbor.7731lake")\nEOF',
        "docker secret create pg_pass - <<EOF\n${PG_PASS}\nEOF",  # a reference
        "kubectl apply -f - <<EOF\napiVersion: v1\nkind: Secret\nEOF",
        "mysql -u root <<EOF\nCREATE DATABASE app2024;\nEOF",
        "restic -r s3:bucket init --password-file /etc/restic/pass <<< harbor.7731lake",  # a file, not the input
    ],
)
def test_look_alikes_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "docker secret create pg - <<EOFX\n{v}\nEOF",  # the delimiter a start of the word after `<<`
        "cout << x;\ndocker secret create pg - <<EOF\n{v}\nEOF",  # `<<` of code on the line above
        "docker secret create pg - <<EOF\n" + "line\n" * 19 + "{v}\nEOF",  # the twentieth line, then the end
    ],
)
def test_here_documents_ended_as_the_pattern_reads_them_are_read(text: str) -> None:
    out = redact_here_documents(text.format(v=PERSON))
    assert PERSON not in out and MARK in out


def test_a_here_document_without_its_end_in_reach_is_kept() -> None:
    text = "docker secret create pg - <<EOF\n" + "line\n" * 20 + PERSON + "\nEOF"
    assert redact_here_documents(text) == text
