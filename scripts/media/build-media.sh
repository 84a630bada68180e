#!/usr/bin/env bash
# Builds every image and video listed in app/content/media.ts into public/media
# from the illustrations in scripts/media/scenes (headless Chromium renders
# them, ffmpeg resizes and encodes). Re-runnable, with byte-identical output
# (hence bitexact WebM, whose muxer otherwise writes random ids); it is committed
# because CI has no ffmpeg.
#
#   scripts/media/build-media.sh            everything
#   scripts/media/build-media.sh home-hero  only the named scenes (and their posters)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
SCENES="$ROOT/scripts/media/scenes/index.html"
OUT_IMG="$ROOT/public/media/img"
OUT_VIDEO="$ROOT/public/media/video"
WORK="$ROOT/.tmp/media"
CHROMIUM="${CHROMIUM:-chromium}"

# Video look: 5 s at 25 fps, a slow zoom of up to 7% with a gentle drift that
# ends where it began, so the loop has no seam.
FPS=25
SECONDS_LONG=5
FRAMES=$((FPS * SECONDS_LONG))
ZOOM_RANGE=0.07

for tool in "$CHROMIUM" ffmpeg npx; do
  command -v "$tool" >/dev/null || { echo "build-media: $tool is required" >&2; exit 1; }
done
mkdir -p "$OUT_IMG" "$OUT_VIDEO" "$WORK"

only=("$@")
wanted() {
  [[ ${#only[@]} -eq 0 ]] && return 0
  local name="${1%-poster}" item
  for item in "${only[@]}"; do [[ "$item" == "$name" ]] && return 0; done
  return 1
}

# render <scene> <css width> <css height> <scale> <out.png>
render() {
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
    --no-first-run --hide-scrollbars --user-data-dir="$WORK/chrome" --force-device-scale-factor="$4" \
    --virtual-time-budget=3000 --window-size="$2,$3" --screenshot="$5" \
    "file://$SCENES?scene=$1" </dev/null >/dev/null 2>&1
  [[ -s "$5" ]] || { echo "build-media: Chromium did not render $1" >&2; exit 1; }
}

# webp <source.png> <width> <height> <out.webp>
webp() {
  ffmpeg -nostdin -v error -y -i "$1" -vf "scale=$2:$3:flags=lanczos" -c:v libwebp -quality 80 -compression_level 6 -preset picture "$4"
}

# A quiet, slowly breathing major-seventh pad, so players that unmute have sound.
PAD="0.050*sin(2*PI*196.00*t)*(0.75+0.25*sin(2*PI*0.2*t))+0.038*sin(2*PI*246.94*t)+0.032*sin(2*PI*293.66*t)+0.022*sin(2*PI*369.99*t)*(0.7+0.3*sin(2*PI*0.33*t))"

# video <name> <width> <height> <audio|silent>
video() {
  local name="$1" width="$2" height="$3" sound="$4" source="$WORK/$1.png"
  echo "video $name"
  # Rendered at twice the video size (and beyond the poster's 1600) so the zoom stays sharp.
  render "$name" $((width * 2)) $((height * 2)) 2 "$source"
  local phase="2*PI*on/$FRAMES"
  local motion="zoompan=z='1+$ZOOM_RANGE*(1-cos($phase))/2':x='(iw-iw/zoom)/2*(1+0.7*sin($phase))':y='(ih-ih/zoom)/2*(1-0.5*sin($phase))':d=1:s=${width}x${height}:fps=$FPS,format=yuv420p"
  local audio_in=() mp4_audio=(-an) webm_audio=(-an)
  if [[ "$sound" == audio ]]; then
    audio_in=(-f lavfi -i "aevalsrc=$PAD:s=48000:d=$SECONDS_LONG,afade=t=in:d=0.8,afade=t=out:st=$((SECONDS_LONG - 1)):d=1")
    mp4_audio=(-map 1:a -c:a aac -b:a 64k -ac 2)
    webm_audio=(-map 1:a -c:a libopus -b:a 48k -ac 2)
  fi
  ffmpeg -nostdin -v error -y -loop 1 -framerate "$FPS" -i "$source" "${audio_in[@]}" -filter_complex "[0:v]$motion[v]" -map "[v]" \
    -frames:v "$FRAMES" -c:v libx264 -preset slow -crf 25 -maxrate 850k -bufsize 1700k -profile:v high -g 50 \
    "${mp4_audio[@]}" -shortest -movflags +faststart "$OUT_VIDEO/$name.mp4"
  ffmpeg -nostdin -v error -y -loop 1 -framerate "$FPS" -i "$source" "${audio_in[@]}" -filter_complex "[0:v]$motion[v]" -map "[v]" \
    -frames:v "$FRAMES" -c:v libvpx-vp9 -b:v 700k -crf 34 -deadline good -cpu-used 2 -row-mt 1 -g 50 \
    "${webm_audio[@]}" -shortest -fflags +bitexact "$OUT_VIDEO/$name.webm"
}

# image <name> <width> <height> <widths>
image() {
  local name="$1" width="$2" height="$3" widths="$4" source="$WORK/$1.png" w
  echo "image $name"
  if [[ "$name" == *-poster && -s "$WORK/${name%-poster}.png" ]]; then
    # A poster is the first frame of its video: same render, zoom 1.
    source="$WORK/${name%-poster}.png"
  else
    render "$name" "$width" "$height" 1 "$source"
  fi
  for w in ${widths//,/ }; do
    webp "$source" "$w" "$(((w * height + width / 2) / width))" "$OUT_IMG/$name-$w.webp"
  done
}

list="$(npx --no-install tsx scripts/media/list-media.ts 2>/dev/null)"
# Videos first: their renders are the posters' sources.
while read -r kind name width height extra; do
  if [[ "$kind" == video ]] && wanted "$name"; then video "$name" "$width" "$height" "$extra"; fi
done <<<"$list"
while read -r kind name width height extra; do
  if [[ "$kind" == image ]] && wanted "$name"; then image "$name" "$width" "$height" "$extra"; fi
done <<<"$list"

du -sh "$ROOT/public/media"
