-- wrk script for Benchmarks/run.sh: counts responses whose status is not exactly 200
-- (wrk's own "Non-2xx or 3xx" line would let a 303 to /login pass unnoticed).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non200 = 0
end

function response(status, headers, body)
  if status ~= 200 then
    non200 = non200 + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + (thread:get("non200") or 0)
  end
  io.write(string.format("NON200 %d\n", total))
end
