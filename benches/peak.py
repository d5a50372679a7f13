"""The peak resident size of a whole command, by GNU time (`/usr/bin/time
-f %M`), for the benchmark scripts beside this file."""
import subprocess


def peak_kb(command):
    """Peak resident size of `command` in KiB; its output is thrown away."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M"] + command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
        text=True,
    )
    return int(result.stderr.strip().splitlines()[-1])
