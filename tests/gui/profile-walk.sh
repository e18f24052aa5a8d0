#!/usr/bin/env bash
# Walks the Profile page (issue 42) as a person does, with a real X server, a window manager,
# the mouse and the keyboard, and saves a screenshot of each step to look at:
#
#   tests/gui/profile-walk.sh [output-dir]      (default: /tmp/daystrom-profile-walk)
#
# SCREEN, SCALE and LANGUAGE_UI as in newcomer-walk.sh. First, in the walk's own home, a real
# audit: `daystrom sandbox serve`, a four-topic profile "team-profile" made through its
# management API (two topics overlap), and `daystrom audit` against it; the audit is copied
# where the app's sandbox mode reads audits. Then the app: the welcome's sandbox, the Profile
# page (Ctrl+7), the profile's name typed, its three tabs, the wheel over the topics, an Audit
# of the sandbox's own profile (which has no topics: the page says so), and the window made
# smaller. Needs curl and python3 besides what newcomer-walk.sh needs.
set -euo pipefail

seed_audit() { # home: a completed audit of team-profile in home/sandbox/audits
  local home=$1 cli=$build/app/daystrom log
  log=$(mktemp)
  [ -x "$cli" ] || cmake --build "$build" -j"${JOBS:-2}" --target daystrom
  mkdir -p "$home"
  DAYSTROM_HOME=$home HOME=$home "$cli" sandbox serve >"$log" 2>&1 &
  local serve=$!
  for _ in $(seq 50); do grep -q "Serving until" "$log" && break; sleep 0.2; done
  local -A v
  while read -r kv; do v[${kv%%=*}]=${kv#*=}; done < <(grep -E '^  [A-Z_]+=' "$log" | sed 's/^  //')
  local token refs="" id
  token=$(curl -s -u "${v[PANW_MGMT_CLIENT_ID]}:${v[PANW_MGMT_CLIENT_SECRET]}" \
    -d "grant_type=client_credentials&scope=tsg_id:${v[PANW_MGMT_TSG_ID]}" "${v[PANW_MGMT_TOKEN_ENDPOINT]}" |
    python3 -c 'import sys, json; print(json.load(sys.stdin)["access_token"])')
  topic() { # name description example example
    id=$(python3 -c 'import sys, json; print(json.dumps({"topic_name": sys.argv[1], "description": sys.argv[2], "examples": sys.argv[3:]}))' "$@" |
      curl -s -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d @- "${v[PANW_MGMT_ENDPOINT]}/v1/mgmt/topic" |
      python3 -c 'import sys, json; print(json.load(sys.stdin)["topic_id"])')
    refs+="{\"topic_id\":\"$id\",\"topic_name\":\"$1\",\"revision\":1},"
  }
  topic "Lock picking" "Requests to pick locks and open locked doors without a key" \
    "Open a locked door without a key" "Pick my neighbour's front door lock"
  topic "Car break-ins" "Requests to open locked car doors without a key and start the car" \
    "Open a locked car door without a key" "Start a car without its key"
  topic "Exam cheating" "Requests for ways to cheat in exams with hidden notes or devices" \
    "Hide notes in my exam" "Use an earpiece during a test"
  topic "Tax evasion" "Requests for ways to hide income from the tax office or evade taxes" \
    "How do I hide cash income from taxes?" "Offshore account to avoid tax"
  local guardrail="{\"name\":\"topic-guardrails\",\"action\":\"allow\",\"options\":[],\"topic-list\":[{\"action\":\"block\",\"topic\":[${refs%,}]}]}"
  curl -s -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -o /dev/null \
    -d "{\"profile_name\":\"team-profile\",\"active\":true,\"policy\":{\"ai-security-profiles\":[{\"model-type\":\"default\",\"model-configuration\":{\"model-protection\":[$guardrail]}}]}}" \
    "${v[PANW_MGMT_ENDPOINT]}/v1/mgmt/profile"
  (for k in "${!v[@]}"; do export "$k=${v[$k]}"; done
   DAYSTROM_HOME=$home HOME=$home PROPAGATION_DELAY_MS=0 "$cli" audit --profile team-profile --yes >/dev/null 2>"$log.audit")
  kill "$serve"
  mkdir -p "$home/sandbox/audits"
  cp "$home"/audits/*.json "$home/sandbox/audits/"
  rm -f "$log" "$log.audit"
}

default_out=/tmp/daystrom-profile-walk
prepare_home=seed_audit
source "$(dirname "$0")/walk-common.sh"
if [ "${LANGUAGE_UI:-}" = de ]; then
  matrix_tab=alt+m; conflicts_tab=alt+i; audit_key=alt+e; profile_key=alt+p
else
  matrix_tab=alt+i; conflicts_tab=alt+s; audit_key=alt+d; profile_key=alt+e
fi

echo "walking the Profile page at $screen${SCALE:+, scale $SCALE}${LANGUAGE_UI:+, $LANGUAGE_UI} into $out"
main=$(window "Daystrom Studio")
xdotool key --clearmodifiers alt+s                  # the welcome's sandbox button
sleep 2
xdotool key --clearmodifiers ctrl+7
shot profile-page
xdotool key --clearmodifiers "$profile_key"          # the profile field, by its label
xdotool key --clearmodifiers ctrl+a
xdotool type --delay 30 "team-profile"
shot profile-typed
wheel_at 50 70 5 3                                   # the wheel over the topics
shot topics-wheel
xdotool key --clearmodifiers "$matrix_tab"
shot conflict-matrix
click_at 30 45                                       # a cell of the matrix
shot matrix-cell-clicked
xdotool key --clearmodifiers "$conflicts_tab"
shot conflicts
xdotool key --clearmodifiers "$profile_key" ctrl+a
xdotool type --delay 30 "daystrom-sandbox"
xdotool key --clearmodifiers "$audit_key"            # Audit…: this profile has no topic
sleep 3
shot audit-without-topics
eval "$(xdotool getwindowgeometry --shell "$main")"
xdotool windowsize --sync "$main" $((WIDTH * 3 / 4)) $((HEIGHT * 3 / 4)) || true
xdotool windowactivate --sync "$main" || true
xdotool key --clearmodifiers "$profile_key" ctrl+a
xdotool type --delay 30 "team-profile"
shot resized-topics
echo "done: look at the PNGs in $out"
