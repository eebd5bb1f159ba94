"""The server's tests need the server extra (starlette, uvicorn) and httpx: without them this
folder is left out, as the tests of every other optional extra skip."""

from importlib.util import find_spec

collect_ignore_glob = ([] if all(find_spec(name) for name in ("starlette", "uvicorn", "httpx"))
                       else ["test_*.py"])
