"""Whether this machine can build C extensions (shared by the build backend and setup.py)."""

from __future__ import annotations

import os
import tempfile


def has_c_compiler() -> bool:
    """True when setuptools' C compiler builds a trivial object file here."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler
    except ImportError:
        return False
    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w", encoding="ascii") as handle:
            handle.write("int sevenwonders_probe(void) { return 0; }\n")
        try:
            compiler.compile([source], output_dir=folder)
        except Exception:  # any compiler failure means: no compiled layer here
            return False
    return True
