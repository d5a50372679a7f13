#!/bin/sh
# Renders the command's SVG pictures to PNG with headless Chromium, to look
# at them as a browser shows them: the diagrams of SP 518, 0 and 959 (also
# flipped), other square colours, and the printable sheet of a nine-round draw.
#
#   docs/render_svg.sh [OUT_DIR]        (default: target/svg-render)
#
# Needs Debian's chromium (apt-get install chromium); CHROMIUM names another
# binary, CHESS960 another build of the command. Run from the repository's
# root. Writes NAME.svg and NAME.png for each picture into OUT_DIR.
set -eu

out=${1:-target/svg-render}
chromium=${CHROMIUM:-chromium}
chess960=${CHESS960:-target/debug/chess960}
if [ -z "${CHESS960:-}" ]; then
    cargo build --quiet -p chess960-cli
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# render NAME WIDTH HEIGHT: NAME.svg to NAME.png in a WIDTH x HEIGHT window.
render() {
    profile=$(mktemp -d)
    "$chromium" --headless --no-sandbox --disable-gpu \
        --disable-background-networking --disable-component-update \
        --disable-sync --no-first-run --hide-scrollbars \
        --user-data-dir="$profile" \
        --screenshot="$out/$1.png" --window-size="$2,$3" \
        "file://$out/$1.svg" >/dev/null 2>&1
    rm -rf "$profile"
    echo "$out/$1.png"
}

for id in 518 0 959; do
    "$chess960" show "$id" --svg --size 880 >"$out/sp$id.svg"
    render "sp$id" 880 980
    "$chess960" show "$id" --svg --size 880 --flip >"$out/sp$id-flipped.svg"
    render "sp$id-flipped" 880 980
done
"$chess960" show 518 --svg --size 480 --light '#dee3e6' --dark '#8ca2ad' >"$out/sp518-blue.svg"
render sp518-blue 480 535

# A4 at 96 pixels to the inch: 794 x 1123.
"$chess960" random --count 9 --distinct --seed "Open 2026-11-22" --exclude 518 --svg \
    >"$out/sheet-9-rounds.svg"
render sheet-9-rounds 794 1123
