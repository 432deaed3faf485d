"""The packages that carry checkoutd (scripts/package): the Python wheel and the
npm tarball, each installed where nothing else is (a fresh virtual environment,
an empty folder) and used as a new user would, with the environment emptied
(`env -i`) and no directory of the Swift toolchain on PATH. Where the system
allows a mount namespace, the run also hides the toolchain and the system's own
copies of every library the package ships, so it can only use the package.

The packages are built by running scripts/package (a release build in
.build-package/, then the packaging), unless CHECKOUTD_DIST names a folder that
already holds them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, List

import pytest

from _support import CLOCK, REPO_ROOT, SCHEMAS_DIR

DIST = os.environ.get("CHECKOUTD_DIST")
MACHINE = os.uname().machine
# What a packaged binary may take from the system (glibc, the loader, the GCC runtime).
SYSTEM_LIBRARY = re.compile(r"^(linux-vdso|ld-linux[-\w.]*|libc|libm|libdl|libpthread|librt|libresolv|libutil"
                            r"|libnsl|libgcc_s|libstdc\+\+)\.so(\.\d+)*$")
TOOLCHAIN_LIBRARY = re.compile(r"libswift|libFoundation|_FoundationICU|libdispatch|libBlocksRuntime|libXCTest")
NODE = shutil.which("node")


def run(command: List[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], capture_output=True, text=True, check=True, **kwargs)


def source_version() -> str:
    text = (REPO_ROOT / "Sources/CheckoutService/CheckoutService.swift").read_text()
    return re.search(r'static let version = "([^"]+)"', text).group(1)


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Dict[str, Path]:
    if DIST:
        folder = Path(DIST)
    else:
        folder = tmp_path_factory.mktemp("dist")
        done = subprocess.run([sys.executable, REPO_ROOT / "scripts/package", "--out", folder],
                              capture_output=True, text=True, timeout=3600)
        assert done.returncode == 0, f"scripts/package failed:\n{done.stderr[-4000:]}"
    wheels = sorted(folder.glob("checkoutd-*.whl"))
    tarballs = sorted(folder.glob("checkoutd-*.tgz"))
    assert len(wheels) == 1 and len(tarballs) == 1, sorted(path.name for path in folder.iterdir())
    return {"wheel": wheels[0], "tarball": tarballs[0]}


@pytest.fixture(scope="module")
def python_install(dist, tmp_path_factory) -> Dict[str, Path]:
    """The wheel installed into a new virtual environment (no system site-packages)."""
    environment = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", environment])
    run([environment / "bin/python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-index", "--no-deps", dist["wheel"]])
    site = Path(run([environment / "bin/python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
                .stdout.strip())
    return {"venv": environment, "package": site / "checkoutd", "binary": site / "checkoutd/_bin/checkoutd"}


@pytest.fixture(scope="module")
def node_install(dist, tmp_path_factory) -> Dict[str, Path]:
    """The tarball installed into an empty folder with npm (no registry needed)."""
    if NODE is None:
        pytest.fail("node is not installed: the npm package cannot be tried")
    folder = tmp_path_factory.mktemp("npm")
    run(["npm", "install", "--offline", "--no-audit", "--no-fund", "--no-package-lock", dist["tarball"]], cwd=folder)
    package = folder / "node_modules/checkoutd"
    return {"folder": folder, "package": package, "binary": package / "bin/checkoutd"}


def toolchain_directories() -> List[Path]:
    """Directories of the Swift toolchain on this machine."""
    found = []
    swift = shutil.which("swift")
    if swift:
        found.append(Path(swift).resolve().parent.parent)   # …/usr
        found.append(Path(swift).resolve().parent.parent.parent)
    return [path for path in found if path != Path("/")]


def stripped_path(*directories: Path) -> str:
    entries = [str(directory) for directory in directories] + ["/usr/bin", "/bin"]
    for entry in entries:
        for toolchain in toolchain_directories():
            assert not Path(entry).resolve().is_relative_to(toolchain), f"{entry} is in the Swift toolchain"
        assert not (Path(entry) / "swift").exists() and not (Path(entry) / "swiftc").exists(), entry
    return ":".join(entries)


def namespace_hides_system_copies(libraries: List[str]) -> List[str]:
    """A command prefix that, in a mount namespace of its own, puts an empty
    folder over the toolchain and /dev/null over the system's copy of every
    library in ``libraries``; [] where mount namespaces are not allowed."""
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"],
                                                         capture_output=True).returncode != 0:
        return []
    mounts = [f"mount -t tmpfs none {directory}" for directory in toolchain_directories() if directory.is_dir()]
    for name in libraries:
        for directory in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
                          "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"):
            system_copy = Path(directory) / name
            if system_copy.exists():
                mounts.append(f"mount --bind /dev/null {system_copy}")
    return ["unshare", "-m", "sh", "-ec", "; ".join(mounts) + '; exec "$@"', "hide"]


def shipped_libraries(binary: Path) -> List[str]:
    return sorted(path.name for path in (binary.parent / "lib").iterdir())


# -- names, versions, contents ------------------------------------------------------------

def test_the_packages_are_named_for_the_version_and_platform_and_every_version_agrees(dist, python_install):
    version = run([python_install["binary"], "--version"]).stdout.strip()
    assert re.fullmatch(rf"checkoutd-{re.escape(version)}-py3-none-manylinux_2_\d+_{MACHINE}\.whl",
                        dist["wheel"].name), dist["wheel"].name
    assert dist["tarball"].name == f"checkoutd-{version}.tgz"
    pyproject = re.search(r'^version = "([^"]+)"', (REPO_ROOT / "clients/python/pyproject.toml").read_text(), re.M)
    import checkoutd
    package_json = json.loads((REPO_ROOT / "clients/node/package.json").read_text())
    openrpc = json.loads((SCHEMAS_DIR / "openrpc.json").read_text())
    assert {version, pyproject.group(1), checkoutd.__version__, package_json["version"], source_version(),
            openrpc["info"]["version"]} == {version}


def test_the_wheel_tag_names_the_newest_glibc_the_binary_and_its_libraries_need(dist, python_install):
    binary = python_install["binary"]
    needed = set()
    for elf in [binary, *(binary.parent / "lib").iterdir()]:
        needed.update(int(minor) for minor in re.findall(r"\bGLIBC_2\.(\d+)\b", run(["objdump", "-T", elf]).stdout))
    assert f"manylinux_2_{max(needed)}_{MACHINE}" in dist["wheel"].name


def tree(root: Path) -> Dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def test_the_packaged_schemas_are_schemas_byte_for_byte(python_install, node_install):
    expected = tree(SCHEMAS_DIR)
    assert "openrpc.json" in expected and "methods/mask.apply.json" in expected
    assert tree(python_install["package"] / "_schemas") == expected
    assert tree(node_install["package"] / "schemas") == expected


def test_both_packages_carry_the_same_binary_and_libraries(python_install, node_install):
    assert python_install["binary"].read_bytes() == node_install["binary"].read_bytes()
    assert shipped_libraries(python_install["binary"]) == shipped_libraries(node_install["binary"])
    assert {"libpq.so.5", "libsqlite3.so.0"} <= set(shipped_libraries(python_install["binary"]))


# -- the binary needs nothing from the toolchain --------------------------------------------------

@pytest.mark.parametrize("install", ["python_install", "node_install"])
def test_the_packaged_binary_needs_no_library_of_the_swift_toolchain(install, request):
    binary = request.getfixturevalue(install)["binary"]
    lib = binary.parent / "lib"
    dynamic = run(["readelf", "-d", binary]).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    assert needed and not [name for name in needed if TOOLCHAIN_LIBRARY.search(name)], needed
    assert re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[([^\]]+)\]", dynamic) == ["$ORIGIN/lib"]
    for library in lib.iterdir():
        library_dynamic = run(["readelf", "-d", library]).stdout
        assert re.findall(r"Library (?:runpath|rpath): \[([^\]]+)\]", library_dynamic) == ["$ORIGIN"], library
    resolved = {}
    for line in run(["ldd", binary]).stdout.splitlines():
        assert "not found" not in line, line
        match = re.match(r"\s*(\S+) => (\S+) \(0x", line)
        if match:
            resolved[match.group(1)] = Path(match.group(2))
    for name, path in resolved.items():
        assert not TOOLCHAIN_LIBRARY.search(name), name
        for toolchain in toolchain_directories():
            assert not path.resolve().is_relative_to(toolchain), f"{name} => {path}"
        if not SYSTEM_LIBRARY.match(name):
            assert path.parent == lib, f"{name} is loaded from {path}, not from the package's lib/"
    # libpq is loaded for a PostgreSQL store, not linked: it is shipped, and what it needs resolves in lib/ too.
    assert "libpq.so.5" not in resolved
    libpq_needs = {}
    for line in run(["ldd", lib / "libpq.so.5"]).stdout.splitlines():
        assert "not found" not in line, line
        match = re.match(r"\s*(\S+) => (\S+) \(0x", line)
        if match and not SYSTEM_LIBRARY.match(match.group(1)):
            assert Path(match.group(2)).parent == lib, f"libpq's {match.group(1)} is loaded from {match.group(2)}"
            libpq_needs[match.group(1)] = Path(match.group(2))
    assert set(shipped_libraries(binary)) == ({name for name in resolved if not SYSTEM_LIBRARY.match(name)}
                                              | {"libpq.so.5"} | set(libpq_needs))


# -- a short checkout through each package --------------------------------------------------

PYTHON_CHECKOUT = textwrap.dedent('''
    import json, os, sys, tempfile
    from checkoutd import Checkoutd, SessionNotFound, ValidationFailed, schemas

    store = os.path.join(tempfile.mkdtemp(), "shop.db")
    NL = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}
    CARD = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/28", "cardholderName": "Wile E. Coyote"}
    with Checkoutd(args=["--clock", CLOCK, "--data", store], timeout=60) as service:
        assert service.binary.endswith("/site-packages/checkoutd/_bin/checkoutd"), service.binary
        session = service.session_init(NL, client_session_id="cs_pkg", customer_id="cus_pkg")
        assert session["clientSessionId"] == "cs_pkg"
        ids = [product["id"] for product in service.products_list("cs_pkg")["paymentProducts"]]
        assert 1 in ids and 809 in ids, ids
        card = service.card_validate(pan="4242 4242 4242 4242", expiry_date="12/28", cvc="123")
        assert card["validationSuccess"] is True and card["cardBrand"]["code"] == "visa"
        values = {"cardNumber": CARD["cardNumber"], "expiryDate": "12/28", "cvv": "123"}
        sealed = service.payment_request_encrypt("cs_pkg", 1, values)
        assert sealed["encryptedCustomerInput"].count(".") == 4
        try:
            service.payment_request_encrypt("cs_pkg", 1, dict(values, cvv="1"))
            raise AssertionError("a one-digit CVC was accepted")
        except ValidationFailed as error:
            assert "length" in [problem["errorMessageId"] for problem in error.errors]
        token = service.tokens_create("cs_pkg", CARD, email="wile@acme.example")["token"]
        assert [entry["id"] for entry in service.tokens_list("cus_pkg")["tokens"]] == [token]
        outcomes = service.call_batch([("session.get", {"clientSessionId": "cs_pkg"}),
                                       ("session.get", {"clientSessionId": "cs_missing"})])
        assert outcomes[0]["clientSessionId"] == "cs_pkg" and isinstance(outcomes[1], SessionNotFound)
        discovered = service.discover()
    assert service.returncode == 0
    assert discovered == schemas.document()
    assert schemas.directory().as_posix().endswith("/site-packages/checkoutd/_schemas")
    assert schemas.methods() == tuple(sorted(method["name"] for method in discovered["methods"]))
    try:
        schemas.validate_params("mask.apply", {"value": "1", "mask": "{{9}}"})
        raise AssertionError("validated without jsonschema installed")
    except ImportError as error:
        assert "pip install jsonschema" in str(error)
    print("checkout done")
''')

NODE_CHECKOUT = textwrap.dedent('''
    import assert from 'node:assert/strict';
    import { mkdtempSync } from 'node:fs';
    import { tmpdir } from 'node:os';
    import path from 'node:path';
    import { Checkoutd, SessionNotFound, ValidationFailed } from 'checkoutd';
    import * as schemas from 'checkoutd/schemas';
    import openrpc from 'checkoutd/schemas/openrpc.json' with { type: 'json' };

    const store = path.join(mkdtempSync(path.join(tmpdir(), 'pkg-')), 'shop.db');
    const NL = { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL' };
    const service = new Checkoutd({ args: ['--clock', CLOCK, '--data', store], timeout: 60_000 });
    assert.ok(service.bin.endsWith('/node_modules/checkoutd/bin/checkoutd'), service.bin);
    await service.sessionInit({ clientSessionId: 'cs_pkg', customerId: 'cus_pkg', context: NL });
    const { paymentProducts } = await service.productsList({ clientSessionId: 'cs_pkg' });
    assert.ok(paymentProducts.some((product) => product.id === 809));
    const card = await service.cardValidate({ pan: '4242 4242 4242 4242', expiryDate: '12/28', cvc: '123' });
    assert.equal(card.validationSuccess, true);
    const values = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/28', cvv: '123' };
    const sealed = await service.paymentRequestEncrypt({ clientSessionId: 'cs_pkg', paymentProductId: 1, values });
    assert.equal(sealed.encryptedCustomerInput.split('.').length, 5);
    await assert.rejects(service.paymentRequestEncrypt({ clientSessionId: 'cs_pkg', paymentProductId: 1,
      values: { ...values, cvv: '1' } }), ValidationFailed);
    const { token } = await service.tokensCreate({ clientSessionId: 'cs_pkg', email: 'wile@acme.example',
      card: { cardNumber: '4242 4242 4242 4242', expiryDate: '12/28', cardholderName: 'Wile E. Coyote' } });
    assert.deepEqual((await service.tokensList({ customerId: 'cus_pkg' })).tokens.map((entry) => entry.id), [token]);
    const outcomes = await service.callBatch([
      { method: 'session.get', params: { clientSessionId: 'cs_pkg' } },
      { method: 'session.get', params: { clientSessionId: 'cs_missing' } },
    ]);
    assert.equal(outcomes[0].clientSessionId, 'cs_pkg');
    assert.ok(outcomes[1] instanceof SessionNotFound);
    const discovered = await service.rpcDiscover();
    assert.equal(await service.close(), 0);
    assert.deepEqual(discovered, schemas.document());
    assert.deepEqual(discovered, openrpc);
    assert.ok(schemas.SCHEMAS_DIR.endsWith('/node_modules/checkoutd/schemas'), schemas.SCHEMAS_DIR);
    assert.deepEqual(schemas.methodNames(), discovered.methods.map((method) => method.name).sort());
    console.log('checkout done');
''')


def run_stripped(command: List[str], path: str, cwd: Path, hide: List[str]) -> subprocess.CompletedProcess:
    """``command`` under ``env -i`` with only PATH (and HOME) set, in the namespace ``hide`` makes."""
    done = subprocess.run([*hide, "env", "-i", f"PATH={path}", f"HOME={cwd}", *[str(part) for part in command]],
                          capture_output=True, text=True, cwd=cwd, timeout=300)
    assert done.returncode == 0, f"{command} failed ({done.returncode}):\n{done.stdout}\n{done.stderr[-4000:]}"
    return done


def test_the_wheel_gives_a_working_client_and_service_without_the_toolchain(python_install, tmp_path):
    script = tmp_path / "checkout.py"
    script.write_text(f"CLOCK = {CLOCK!r}\n" + PYTHON_CHECKOUT)
    python = python_install["venv"] / "bin/python"
    hide = namespace_hides_system_copies(shipped_libraries(python_install["binary"]))
    path = stripped_path(python_install["venv"] / "bin")
    assert run_stripped([python, script], path, tmp_path, hide).stdout.strip() == "checkout done"
    # The wheel's `checkoutd` command is the packaged binary.
    version = run_stripped(["checkoutd", "--version"], path, tmp_path, hide).stdout.strip()
    assert version == source_version()
    answer = run_stripped(["checkoutd", "call", "mask.apply", '{"value":"12","mask":"{{99}}-{{99}}","cursor":2}'],
                          path, tmp_path, hide)
    assert json.loads(answer.stdout) == {"value": "12-", "cursor": 3}


def test_the_npm_package_gives_a_working_client_and_service_without_the_toolchain(node_install):
    folder = node_install["folder"]
    script = folder / "checkout.mjs"
    script.write_text(f"const CLOCK = {json.dumps(CLOCK)};\n" + NODE_CHECKOUT)
    hide = namespace_hides_system_copies(shipped_libraries(node_install["binary"]))
    path = stripped_path(Path(NODE).resolve().parent, folder / "node_modules/.bin")
    done = run_stripped([Path(NODE).resolve(), "--no-warnings", script], path, folder, hide)
    assert done.stdout.strip() == "checkout done"
    version = run_stripped(["checkoutd", "--version"], path, folder, hide).stdout.strip()
    assert version == source_version()


def test_the_packaged_binary_reaches_postgresql_through_the_libpq_it_ships(python_install, tmp_path):
    uri = os.environ.get("CHECKOUTD_TEST_POSTGRES")
    if not uri:
        pytest.fail("CHECKOUTD_TEST_POSTGRES is not set: run the tests through ./scripts/test", pytrace=False)
    hide = namespace_hides_system_copies(shipped_libraries(python_install["binary"]))
    params = json.dumps({"clientSessionId": "cs_pkg_pg", "context": {
        "amountOfMoney": {"amount": 100, "currencyCode": "EUR"}, "countryCode": "NL"}})
    done = run_stripped([python_install["binary"], "call", "session.init", params, "--clock", CLOCK,
                         "--data", uri, "--store-key", tmp_path / "store.key"],
                        stripped_path(), tmp_path, hide)
    assert json.loads(done.stdout)["clientSessionId"] == "cs_pkg_pg"


def test_without_libpq_a_postgresql_store_stops_start_up_and_every_other_store_works(python_install, tmp_path):
    """libpq is loaded when a store is on PostgreSQL: with neither the shipped
    copy nor the system's, only that store is refused, with the reason."""
    uri = os.environ.get("CHECKOUTD_TEST_POSTGRES")
    if not uri:
        pytest.fail("CHECKOUTD_TEST_POSTGRES is not set: run the tests through ./scripts/test", pytrace=False)
    hide = namespace_hides_system_copies(["libpq.so.5"])
    if not hide:
        pytest.fail("this test needs mount namespaces (unshare -m) to hide libpq", pytrace=False)
    shipped = python_install["binary"].parent / "lib/libpq.so.5"
    hide[hide.index("-ec") + 1] = f"mount --bind /dev/null {shipped}; " + hide[hide.index("-ec") + 1]
    params = json.dumps({"clientSessionId": "cs_no_libpq", "context": {
        "amountOfMoney": {"amount": 100, "currencyCode": "EUR"}, "countryCode": "NL"}})
    command = [*hide, "env", "-i", "PATH=/usr/bin:/bin", python_install["binary"], "call", "session.init", params,
               "--clock", CLOCK]
    refused = subprocess.run([*command, "--data", uri, "--store-key", str(tmp_path / "store.key")],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2, refused
    assert "PostgreSQL's client library could not be loaded" in refused.stderr and "libpq" in refused.stderr
    assert "install it" in refused.stderr
    for data in ([], ["--data", str(tmp_path / "store.sqlite")]):
        done = subprocess.run([*command, *data], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done
        assert json.loads(done.stdout)["clientSessionId"] == "cs_no_libpq"


def test_the_packaged_validators_accept_every_example_and_refuse_a_broken_one(python_install):
    """checkoutd.schemas of the installed package, with jsonschema (this interpreter's)."""
    site = python_install["package"].parent
    check = textwrap.dedent('''
        import sys
        sys.path.insert(0, SITE)
        from checkoutd import schemas
        assert schemas.directory().as_posix().startswith(SITE), schemas.directory()
        count = 0
        for name in schemas.methods():
            for example in schemas.method(name).get("examples", []):
                if "result" in example:
                    schemas.validate_params(name, example.get("params", {}))
                    schemas.validate_result(name, example["result"])
                    count += 2
        import jsonschema
        try:
            schemas.validate_params("mask.apply", {"value": 12, "mask": "{{99}}"})
            raise AssertionError("a number was accepted as mask.apply's value")
        except jsonschema.ValidationError as error:
            assert list(error.absolute_path) == ["value"], error.absolute_path
        print(count)
    ''')
    done = run([sys.executable, "-c", f"SITE = {str(site)!r}\n" + check])
    assert int(done.stdout) > 100
