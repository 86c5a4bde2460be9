# msgtool as a batch worker (docs/batch.md, "A worker image"): the Swift runtime and Foundation
# linked into the binary (--static-swift-stdlib), ICU 72 and the time-zone data from Debian.
#
#   docker build -t notifications-tools .
#   docker run --rm -v "$PWD/data:/data" notifications-tools \
#       batch --now 2026-11-24T02:00:00Z --shard 0/8 /data/users.jsonl > plans-0.jsonl
#
# The build stage checks what the binary loads (scripts/check-worker-binary.sh): only the C and
# C++ runtimes and ICU, which the second stage installs from Debian, and no benchmark engine (the
# benchmarks are msgtool-bench, not built here: `msgtool bench` in the image says how to build it).
FROM swift:6.3.1-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libicu-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product msgtool --static-swift-stdlib \
 && install -m 0755 "$(swift build -c release --show-bin-path)/msgtool" /usr/local/bin/msgtool \
 && bash scripts/check-worker-binary.sh /usr/local/bin/msgtool

FROM debian:bookworm-slim
# libicu72: the formatting backend; libxml2: FoundationXML (the XLIFF import); tzdata:
# Foundation's TimeZone reads /usr/share/zoneinfo; python3: the nightly join (scripts/nightly-input.py).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libicu72 libxml2 tzdata python3 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /usr/local/bin/msgtool /usr/local/bin/msgtool
COPY scripts/nightly.sh scripts/nightly-input.py /usr/local/lib/msgtool/
RUN ln -s /usr/local/lib/msgtool/nightly.sh /usr/local/bin/msgtool-nightly \
 && msgtool --version
USER 65534:65534
WORKDIR /data
ENTRYPOINT ["msgtool"]
