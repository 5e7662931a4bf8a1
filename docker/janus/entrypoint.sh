#!/bin/sh
# Writes Janus's configuration from the environment, then runs Janus in the foreground.
#   JANUS_ADMIN_SECRET      admin API secret (Atrium's VOICE_ADMIN_SECRET)       required
#   JANUS_ROOM_ADMIN_KEY    VideoRoom admin_key (Atrium's VOICE_ROOM_ADMIN_KEY)  required
#   JANUS_PUBLIC_IP         address browsers reach this host's UDP ports at (nat_1_1_mapping)
#   JANUS_RTP_PORTS         media port range, published as UDP by compose        default 20000-20200
#   JANUS_STUN_SERVER       host:port of a STUN server Janus asks for its public address (optional)
# Browsers behind strict NATs relay through coturn (Atrium hands them VOICE_ICE_URLS); Janus itself
# needs only its public address.
set -eu
: "${JANUS_ADMIN_SECRET:?JANUS_ADMIN_SECRET is required}"
: "${JANUS_ROOM_ADMIN_KEY:?JANUS_ROOM_ADMIN_KEY is required}"
LIB=$(dirname "$(find /usr/lib -path '*/janus/plugins/libjanus_videoroom.so' | head -n1)")/..
CONF=${JANUS_CONFIG_DIR:-/etc/atrium-janus}
mkdir -p "$CONF"

nat=""
[ -n "${JANUS_PUBLIC_IP:-}" ] && nat="$nat
  nat_1_1_mapping = \"$JANUS_PUBLIC_IP\"
  keep_private_host = false"
if [ -n "${JANUS_STUN_SERVER:-}" ]; then
  nat="$nat
  stun_server = \"${JANUS_STUN_SERVER%:*}\"
  stun_port = ${JANUS_STUN_SERVER##*:}"
fi

cat > "$CONF/janus.jcfg" <<JCFG
general: {
  configs_folder = "$CONF"
  plugins_folder = "$LIB/plugins"
  transports_folder = "$LIB/transports"
  events_folder = "$LIB/events"
  loggers_folder = "$LIB/loggers"
  debug_level = 4
  token_auth = true
  admin_secret = "$JANUS_ADMIN_SECRET"
  session_timeout = 60
  reclaim_session_timeout = 0
  server_name = "Atrium voice"
}
media: {
  rtp_port_range = "${JANUS_RTP_PORTS:-20000-20200}"
}
nat: {
  nice_debug = false
  ignore_mdns = true
  ice_ignore_list = "vmnet"$nat
}
plugins: {
  disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so"
}
transports: {
  disable = "libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
JCFG

# The APIs listen on the compose network only (no published TCP ports): Atrium proxies browsers'
# WebSockets at /api/voice/ws and is the only admin client.
cat > "$CONF/janus.transport.http.jcfg" <<JCFG
general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = 8088
  https = false
}
admin: {
  admin_base_path = "/admin"
  admin_http = true
  admin_port = 7088
  admin_https = false
}
JCFG
cat > "$CONF/janus.transport.websockets.jcfg" <<JCFG
general: {
  json = "plain"
  ws = true
  ws_port = 8188
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
JCFG
cat > "$CONF/janus.plugin.videoroom.jcfg" <<JCFG
general: {
  admin_key = "$JANUS_ROOM_ADMIN_KEY"
  string_ids = true
  lock_rtp_forward = true
}
JCFG

exec janus --configs-folder "$CONF" --config "$CONF/janus.jcfg" --disable-colors
