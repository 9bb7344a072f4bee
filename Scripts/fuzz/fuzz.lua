-- Ripple's Lua-level API fuzzer (docs/reliability.md). Run it with Scripts/fuzz.sh, or directly:
--
--   RIPPLE_FUZZ_SEED=7 RIPPLE_FUZZ_CALLS=5000 ripple run Scripts/fuzz/fuzz.lua
--
-- One seed is one deterministic run: a random model (every attribute type, relationships, derived
-- properties), then RIPPLE_FUZZ_CALLS random calls over the whole API. The API is found by reflection:
-- every bridged class lists its properties and methods in the upvalues of its __index, and every
-- function of the `ripple` table is called, so a binding added later is fuzzed without changing this
-- file. Arguments are pool values (objects, contexts, controllers, views, deleted objects...), plausible
-- values (entity and key names, fetch requests, predicates, index paths) and hostile ones (nil, NaN,
-- huge numbers, long strings, deep and cyclic tables, functions that raise strings or tables, re-enter
-- the API, yield or collect garbage). Some batches run inside coroutines.
--
-- Run with `ripple run --check-invariants` (as Scripts/fuzz.sh does), every fetched-results controller is
-- compared with a fresh fetch after each change batch; a difference is an "invariant violated" error,
-- counted apart in the summary.
--
-- Every call runs under pcall. A Lua error is fine, but it must carry the position of the calling Lua
-- code ("file:line: ..."): errors without one are counted and listed, and make the run fail. A host
-- crash or hang is found by the driver (Scripts/fuzz.sh), which prints the seed to replay.
--
-- Environment: RIPPLE_FUZZ_SEED (default 1), RIPPLE_FUZZ_CALLS (default 2000), RIPPLE_FUZZ_VERBOSE=1
-- (print every error), RIPPLE_FUZZ_HOSTILE=0 (leave out the pathological predicates and patterns).

local SEED = math.tointeger(tonumber(os.getenv("RIPPLE_FUZZ_SEED") or "1")) or 1
local CALLS = math.tointeger(tonumber(os.getenv("RIPPLE_FUZZ_CALLS") or "2000")) or 2000
local VERBOSE = os.getenv("RIPPLE_FUZZ_VERBOSE") == "1"
local HOSTILE = os.getenv("RIPPLE_FUZZ_HOSTILE") ~= "0"
-- RIPPLE_FUZZ_LOG=1: print each call's number and what it does (to reduce a finding to a scenario).
local LOG = os.getenv("RIPPLE_FUZZ_LOG") == "1"
local action = "?"   -- what the next call does, for the log

math.randomseed(SEED)
local R = math.random
local function pick(list) return list[R(#list)] end
local function chance(n) return R(n) == 1 end

local getupvalue, setupvalue = debug and debug.getupvalue, debug and debug.setupvalue

-- {================ statistics ================}
local stats = { calls = 0, errors = 0, tableErrors = 0, unplaced = 0, invariants = 0, kinds = {} }
local unplacedExamples = {}
local FUZZ_ERROR = setmetatable({ fuzz = true }, { __tostring = function() return "fuzz table error" end })

local hidePaths = function(text) return text end   -- the run's scratch folder shown as <tmp> (set-up)

local function record(err)
  stats.errors = stats.errors + 1
  if type(err) == "string" then
    err = hidePaths(err)
    if not err:match("^[^:\n]+:%d+: ") then
      stats.unplaced = stats.unplaced + 1
      if #unplacedExamples < 20 then unplacedExamples[#unplacedExamples + 1] = err:sub(1, 300) end
    end
    if err:find("invariant violated", 1, true) then stats.invariants = stats.invariants + 1 end
    local kind = err:gsub("^[^:\n]+:%d+: ", ""):sub(1, 60)
    stats.kinds[kind] = (stats.kinds[kind] or 0) + 1
    if VERBOSE then print("fuzz: error: " .. err:sub(1, 300)) end
  elseif err == FUZZ_ERROR then
    stats.tableErrors = stats.tableErrors + 1
  else
    stats.unplaced = stats.unplaced + 1
    if #unplacedExamples < 20 then
      unplacedExamples[#unplacedExamples + 1] = "(error object is a " .. type(err) .. " value)"
    end
  end
end

-- Runs `f` as one fuzzed call. `f` is a closure of this file, so that errors raised by the API carry a
-- position in it (a C caller such as pcall has none).
local lastTraceback
local function handler(err)
  if VERBOSE then lastTraceback = debug.traceback("", 2) end
  return err
end

local function describe(v)
  local t = type(v)
  if t == "userdata" then
    local mt = getmetatable(v)
    return type(mt) == "table" and tostring(rawget(mt, "__name")) or "userdata"
  elseif t == "string" then return #v > 40 and ("string(" .. #v .. ")") or string.format("%q", v)
  elseif t == "number" or t == "boolean" or t == "nil" then return tostring(v) end
  return t
end

local function try(f)
  stats.calls = stats.calls + 1
  if LOG then print("fuzz: call " .. stats.calls .. ": " .. action) end
  action = "?"
  local ok, a, b = xpcall(f, handler)
  if not ok then
    local before = stats.unplaced
    record(a)
    if VERBOSE and stats.unplaced > before then print("fuzz: unplaced error raised at:" .. lastTraceback) end
  end
  return ok, a, b
end

-- {================ the model ================}
local TYPES = { "string", "integer", "double", "boolean", "date", "binary", "uuid" }
local W               -- the wave-3 calls (Scripts/fuzz/wave3.lua), loaded at set-up
local F = { orderedKeys = {} }   -- what wave3.lua uses of this file
local isWave3Type = { decimal = true, uri = true, integer16 = true, integer32 = true, float = true, transformable = true }
local PATTERNS = { "[a-z]*", ".*", "[A-Z].*", "a|b", "(x" }
local entities, keysOf, attributesOf = {}, {}, {}

local function sampleOf(t)
  if isWave3Type[t] then return W.sampleOf(t) end
  if t == "string" then return pick { "Ann", "bob", "", "Cécile", "aaaaaaaa" }
  elseif t == "integer" then return pick { 0, 1, -5, 42, math.maxinteger }
  elseif t == "double" then return pick { 0.5, -1.25, 1e10, 3 }
  elseif t == "boolean" then return pick { true, false }
  elseif t == "date" then return pick { 0, 1700000000, 86400.5 }
  elseif t == "binary" then return pick { "", "\0\1\2", "bytes" }
  else return pick { "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "00000000-0000-0000-0000-000000000000" } end
end

local function randomModelSpec()
  local spec = {}
  local n = R(1, 3)
  for i = 1, n do
    local name = "E" .. i
    entities[i] = name
    keysOf[name], attributesOf[name] = {}, {}
    local entity = {}
    for j = 1, R(1, 5) do
      local t = chance(3) and pick(W.TYPES) or TYPES[R(#TYPES)]
      local key = "a" .. j
      local r = R(8)
      if isWave3Type[t] then entity[key] = W.attributeSpec(t, r ~= 5)
      elseif r == 1 then entity[key] = { t, optional = true, default = sampleOf(t) }
      elseif r == 2 and t == "string" then
        entity[key] = { "string", optional = true, minLength = R(0, 2), maxLength = R(3, 40), pattern = pick(PATTERNS) }
      elseif r == 3 and (t == "integer" or t == "double" or t == "date") then
        entity[key] = { t, optional = true, min = -R(100), max = R(100) }
      elseif r == 4 then entity[key] = { t .. "?", transient = true }
      elseif r == 5 then entity[key] = t
      else entity[key] = t .. "?" end
      table.insert(keysOf[name], key)
      attributesOf[name][key] = t
    end
    spec[name] = entity
  end
  -- relationships with their inverses, between every pair (and an entity and itself)
  for i = 1, n do
    for j = i, n do
      if chance(2) then
        local a, b = entities[i], entities[j]
        local ab, ba = "r" .. i .. j, "q" .. j .. i
        local rules = { "nullify", "cascade", "deny", "noAction" }
        local toMany = chance(2)
        local ordered = toMany and chance(3)
        spec[a][ab] = toMany and { toMany = b, inverse = ba, deleteRule = pick(rules), ordered = ordered }
          or { toOne = b, inverse = ba, deleteRule = pick(rules) }
        if ordered then
          F.orderedKeys[a] = F.orderedKeys[a] or {}
          table.insert(F.orderedKeys[a], ab)
        end
        spec[b][ba] = { toOne = a, inverse = ab, deleteRule = pick(rules) }
        table.insert(keysOf[a], ab)
        table.insert(keysOf[b], ba)
        if toMany and chance(2) then
          spec[a]["d" .. i .. j] = { derived = ab .. pick { ".@count", ".@sum." .. keysOf[b][1], ".@max." .. keysOf[b][1] } }
          table.insert(keysOf[a], "d" .. i .. j)
        end
      end
    end
  end
  -- derived properties computed by Lua functions that may fail or re-enter
  for i = 1, n do
    local name = entities[i]
    local source = keysOf[name][1]
    local behaviour = R(6)
    spec[name].f = {
      derived = function(o)
        if behaviour == 1 then error("derived failed") end
        if behaviour == 2 then error(FUZZ_ERROR) end
        if behaviour == 3 then return o[source] end
        if behaviour == 4 then return tostring(o) end
        return 1
      end,
      dependsOn = { source },
    }
    table.insert(keysOf[name], "f")
  end
  return spec
end

-- {================ values ================}
local pool = {}        -- live values: userdata, tables and functions the API returned or took
local POOL_SIZE = 96

local contexts = {}   -- contexts the run drives (new ones made by random calls join, up to 8)

local function keep(v)
  local t = type(v)
  if t ~= "userdata" and t ~= "table" and t ~= "function" and t ~= "thread" then return end
  if t == "userdata" and #contexts < 8 then
    local mt = getmetatable(v)
    if type(mt) == "table" and rawget(mt, "__name") == "ManagedObjectContext" then contexts[#contexts + 1] = v end
  end
  if #pool < POOL_SIZE then pool[#pool + 1] = v else pool[R(POOL_SIZE)] = v end
  if t == "table" and rawlen(v) > 0 and rawlen(v) < 50 then
    for i = 1, rawlen(v) do
      local item = rawget(v, i)
      if type(item) == "userdata" then
        if #pool < POOL_SIZE then pool[#pool + 1] = item else pool[R(POOL_SIZE)] = item end
      end
    end
  end
end

local function poolValue()
  if #pool == 0 then return nil end
  return pool[R(#pool)]
end

local function userdataFromPool()
  for _ = 1, 8 do
    local v = poolValue()
    if type(v) == "userdata" then return v end
  end
  return nil
end

local function deepTable(depth)
  local t = {}
  local cur = t
  for _ = 1, depth do
    cur[1] = {}
    cur = cur[1]
  end
  return t
end

local step            -- forward: one random call
local callbackDepth = 0
local arg

local function callback()
  local behaviour = R(10)
  return function(...)
    for i = 1, math.min(select("#", ...), 4) do keep((select(i, ...))) end
    if behaviour == 1 then error("callback raised") end
    if behaviour == 2 then error(FUZZ_ERROR) end
    if behaviour == 3 and callbackDepth < 2 then   -- re-entrant calls from inside a callback
      callbackDepth = callbackDepth + 1
      for _ = 1, R(3) do step() end
      callbackDepth = callbackDepth - 1
    end
    if behaviour == 4 then coroutine.yield(1) end  -- across the bridge: a clear error with file:line
    if behaviour == 5 then collectgarbage("step") end
    if behaviour == 6 then return arg() end
    if behaviour == 7 then return true end
    return nil
  end
end

local function junk()
  local r = R(24)
  if r == 1 then return nil
  elseif r == 2 then return 0 / 0
  elseif r == 3 then return math.huge
  elseif r == 4 then return -math.huge
  elseif r == 5 then return math.maxinteger
  elseif r == 6 then return math.mininteger
  elseif r == 7 then return 2 ^ 63
  elseif r == 8 then return 1e308
  elseif r == 9 then return string.rep(pick { "x", "a", "é" }, R(1000, 20000))
  elseif r == 10 then return deepTable(R(1, 300))
  elseif r == 11 then local t = {}; t[1] = t; t.self = t; return t
  elseif r == 12 then return ""
  elseif r == 13 then return -1
  elseif r == 14 then return 1.5
  elseif r == 15 then return true
  elseif r == 16 then return callback()
  elseif r == 17 then return coroutine.create(function() end)
  elseif r == 18 then return io and io.stderr or {}
  elseif r == 19 then return "\0\255\254"
  elseif r == 20 then return setmetatable({}, { __index = function() error("__index raised") end,
                                                __len = function() error(FUZZ_ERROR) end })
  elseif r == 21 then return { 1, "two", nil, 4, n = 5 }
  elseif r == 22 then return string.rep("%@ ", 50)
  elseif r == 23 then return { [true] = 1, [1.5] = 2, [{}] = 3 }
  else return {} end
end

local function entityName()
  if chance(12) then return pick { "Nope", "", "E0" } end
  return pick(entities)
end

local function keyName(entity)
  local keys = keysOf[entity or pick(entities)] or keysOf[entities[1]]
  if chance(10) then return pick { "nope", "", "objectID", "isDeleted", "@count" } end
  return pick(keys)
end

local function valuesTable(entity)
  local t = {}
  for _ = 1, R(0, 3) do
    local key = keyName(entity)
    local attr = attributesOf[entity] and attributesOf[entity][key]
    if attr and not chance(4) then t[key] = sampleOf(attr) else t[key] = arg() end
  end
  return t
end

local function predicate()
  local e = pick(entities)
  local k = keyName(e)
  local r = R(14)
  if r == 1 then return k .. " == %@" end
  if r == 2 then return k .. " BEGINSWITH[cd] 'a' OR " .. k .. " == nil" end
  if r == 3 then return "%K IN %@" end
  if r == 4 then return "NOT (" .. k .. " != 3) AND TRUEPREDICATE" end
  if r == 5 then return "ANY " .. k .. " == %@" end
  if r == 6 then return k .. ".@count > 1" end
  if r == 7 then return k .. " MATCHES '[a-z]+'" end
  if r == 8 then return k .. " BETWEEN {1, 5}" end
  if r == 9 then return "SUBQUERY(" .. k .. ", $x, $x == 1).@count > 0" end
  if r == 10 then return k .. " LIKE[c] '*a?'" end
  if r == 11 and HOSTILE then return string.rep("(", R(1, 4000)) .. "TRUEPREDICATE" .. string.rep(")", R(1, 4000)) end
  if r == 12 and HOSTILE then return string.rep("NOT ", R(1, 30000)) .. "TRUEPREDICATE" end
  if r == 13 and HOSTILE then return k .. " MATCHES '(a+)+b'" end
  return pick { "", "==", "a ==", "%@ == %@", k .. " == $VAR", k .. " CONTAINS %@", k .. " >= %d" }
end

local function fetchRequest()
  local e = entityName()
  local t = { entity = e }
  if chance(2) then
    t.predicate = chance(6) and callback() or predicate()
    t.arguments = { arg(), keyName(e), arg() }
  end
  if chance(2) then
    t.sortDescriptors = chance(2) and { keyName(e) }
      or { { key = keyName(e), ascending = chance(2), comparator = pick { "compare", "caseInsensitiveCompare", "localizedStandardCompare", "nope" } } }
  end
  if chance(5) then t.fetchLimit = pick { 0, 1, 3, -1, math.maxinteger, 0 / 0 } end
  if chance(5) then t.fetchOffset = pick { 0, 1, 2, -3, math.huge } end
  if chance(5) then t.includesPendingChanges = chance(2) end
  if chance(8) then t[pick { "unknownKey", 1, "sectionNameKeyPath" }] = arg() end
  return t
end

local function semantic()
  local r = R(16)
  if r == 1 then return entityName() end
  if r == 2 then return keyName() end
  if r == 3 then local e = pick(entities); return valuesTable(e) end
  if r == 4 then return fetchRequest() end
  if r == 5 then return predicate() end
  if r == 6 then
    local ok, path = pcall(ripple.indexPath, R(0, 3) - 1, R(0, 4) - 1)
    return ok and path or nil
  end
  if r == 7 then return callback() end
  if r == 8 then return pick { "objectsDidChange", "willSave", "didSave", "nope" } end
  if r == 9 then return { initial = chance(2), prior = chance(2), old = chance(2), new = chance(2) } end
  if r == 10 then return pick { "mainQueue", "privateQueue", "Cell", "Header", "memory", "sqlite" } end
  if r == 11 then
    local t = {}
    for i = 1, R(0, 4) do t[i] = userdataFromPool() end
    return t
  end
  if r == 12 then return { sectionKeyPath = keyName(), sectionAttribute = keyName(), sectionRelationship = keyName() } end
  if r == 13 then return { title = "T" .. R(9), modalPresentationStyle = pick { "automatic", "pageSheet", "popover", "nope" } } end
  if r == 14 then return { controllerWillChangeContent = callback(), didChangeObject = callback(),
                           didChangeSection = callback(), controllerDidChangeContent = callback() } end
  if r == 15 then return R(0, 5) end
  return chance(2)
end

function arg()
  local r = R(10)
  if r <= 3 then return poolValue() end
  if r <= 6 then return semantic() end
  if r <= 8 then return junk() end
  return R(-2, 4)
end

-- {================ reflection ================}
-- The properties and methods of a bridged value, from its metatable's __index upvalues (sorted: Lua's
-- own table order is not deterministic).
local classCache = setmetatable({}, { __mode = "k" })

local function sortedKeys(t)
  local keys = {}
  if type(t) ~= "table" then return keys end
  for k in pairs(t) do if type(k) == "string" then keys[#keys + 1] = k end end
  table.sort(keys)
  return keys
end

local function classOf(v)
  local mt = getmetatable(v)
  if type(mt) ~= "table" then return nil end
  local cached = classCache[mt]
  if cached then return cached end
  local info = { properties = {}, methods = {}, metamethods = {} }
  local index = rawget(mt, "__index")
  if getupvalue and type(index) == "function" then
    local _, slots = getupvalue(index, 1)
    local _, methods = getupvalue(index, 2)
    info.properties = sortedKeys(slots)
    info.methods = sortedKeys(methods)
  end
  for _, k in ipairs(sortedKeys(mt)) do
    if k:sub(1, 2) == "__" and type(rawget(mt, k)) == "function" then table.insert(info.metamethods, k) end
  end
  classCache[mt] = info
  return info
end

local rippleFunctions = {}

-- {================ actions ================}

local function callMethod()
  local target = userdataFromPool()
  if target == nil then return end
  local info = classOf(target)
  if not info or #info.methods == 0 then return end
  local name = pick(info.methods)
  local receiver = chance(10) and arg() or target
  local args = {}
  local n = R(0, 4)
  for i = 1, n do args[i] = arg() end
  if LOG then
    local parts = {}
    for i = 1, n do parts[i] = describe(args[i]) end
    action = describe(target) .. ":" .. name .. "(" .. describe(receiver) .. (n > 0 and ", " or "") .. table.concat(parts, ", ") .. ")"
  end
  try(function()
    local method = target[name]
    local a, b = method(receiver, table.unpack(args, 1, n))
    keep(a); keep(b)
    return a
  end)
end

local function getProperty()
  local target = userdataFromPool()
  if target == nil then return end
  local info = classOf(target)
  local key = (info and #info.properties > 0 and not chance(6)) and pick(info.properties) or keyName()
  if LOG then action = "get " .. describe(target) .. "." .. key end
  try(function()
    local v = target[key]
    keep(v)
    return v
  end)
end

local function setProperty()
  local target = userdataFromPool()
  if target == nil then return end
  local info = classOf(target)
  local key = (info and #info.properties > 0 and not chance(4)) and pick(info.properties) or keyName()
  local value = arg()
  if LOG then action = "set " .. describe(target) .. "." .. key .. " = " .. describe(value) end
  try(function() target[key] = value end)
end

local function callRipple()
  local name = pick(rippleFunctions)
  local n = R(0, 3)
  local args = {}
  for i = 1, n do args[i] = arg() end
  if name == "model" and chance(2) then args[1] = randomModelSpec() end
  if LOG then
    local parts = {}
    for i = 1, n do parts[i] = describe(args[i]) end
    action = "ripple." .. name .. "(" .. table.concat(parts, ", ") .. ")"
  end
  try(function()
    local a, b = ripple[name](table.unpack(args, 1, n))
    keep(a); keep(b)
    return a
  end)
end

local function callMetamethod()
  local target = userdataFromPool()
  if target == nil then return end
  local info = classOf(target)
  if not info or #info.metamethods == 0 then return end
  local name = pick(info.metamethods)
  if name == "__gc" and not chance(20) then return end    -- rare: a hand-called finalizer
  local mt = getmetatable(target)
  local a1 = chance(3) and userdataFromPool() or (chance(2) and target or arg())
  local a2, a3 = arg(), arg()
  if LOG then action = describe(target) .. " metamethod " .. name .. "(" .. describe(a1) .. ", " .. describe(a2) .. ", " .. describe(a3) .. ")" end
  try(function()
    local f = mt[name]
    local r = f(a1, a2, a3)
    keep(r)
    return r
  end)
end

-- Drives change propagation: processing, saves, inserts, deletes, fetches, merges, refreshes; on a
-- private-queue context usually inside performAndWait or perform (run at the next tick), as Core Data wants.
local function drive()
  local ctx = pick(contexts)
  local r = R(9)
  local function body()
    if r == 1 then ripple.tick()
    elseif r == 2 then ctx:processPendingChanges()
    elseif r == 3 then ctx:save()
    elseif r == 4 then
      local e = pick(entities)
      local o = ctx:insert(e, valuesTable(pick(entities)))
      keep(o)
      W.noteObject(o, e)
    elseif r == 5 then ctx:delete(userdataFromPool())
    elseif r == 6 then ctx:refresh(userdataFromPool(), chance(2))
    elseif r == 7 then if chance(4) then ctx:rollback() else ctx:refreshAllObjects() end
    elseif r == 8 then keep(ctx:fetch(fetchRequest()))
    else return ctx:count(fetchRequest()) end
  end
  local mode = R(3)
  if LOG then
    action = "drive " .. tostring(select(2, pcall(function() return ctx.name end))) .. " "
      .. ({ "tick", "processPendingChanges", "save", "insert", "delete", "refresh", "rollback/refreshAllObjects", "fetch", "count" })[r]
      .. ({ " in performAndWait", " in perform", "" })[mode]
  end
  try(function()
    if mode == 1 then return ctx:performAndWait(body)
    elseif mode == 2 then return ctx:perform(body)
    else return body() end
  end)
end

local function misc()
  local r = R(8)
  local a, b = poolValue(), arg()
  if LOG then action = "misc " .. r .. " on " .. describe(a) .. ", " .. describe(b) end
  try(function()
    if r == 1 then return tostring(a)
    elseif r == 2 then return a == b
    elseif r == 3 then return a < b
    elseif r == 4 then return #a
    elseif r == 5 then return a .. "x"
    elseif r == 6 then collectgarbage(chance(4) and "collect" or "step"); return true
    elseif r == 7 then  -- walk a table or a bridged value (in a fixed order: pairs' order is not)
      for _, k in ipairs(sortedKeys(a)) do keep(a[k]) end
      for i = 1, math.min(#a, 20) do keep(a[i]) end
    else return a(b) end
  end)
end

-- Hostile uses of the bridge's own machinery, each undone at once so the run goes on.
local function attack()
  if not (getupvalue and setupvalue) then return end
  local target = userdataFromPool()
  if target == nil then return end
  local mt = getmetatable(target)
  local index, newindex = rawget(mt, "__index"), rawget(mt, "__newindex")
  local r = R(5)
  if r == 1 and type(index) == "function" then
    local up = R(1, 3)
    local _, saved = getupvalue(index, up)
    setupvalue(index, up, pick { io and io.stdout or 1, {}, target, "x" })
    try(function() return target[pick(classOf(target).properties) or "x"] end)
    setupvalue(index, up, saved)
  elseif r == 2 and type(index) == "function" then
    local _, slots = getupvalue(index, 1)
    if type(slots) == "table" then
      rawset(slots, "zzForged", pick { 9999, -1, 1.5, math.maxinteger })
      try(function() return target.zzForged end)
      try(function() target.zzForged = 1 end)
      rawset(slots, "zzForged", nil)
    end
  elseif r == 3 and io and io.stderr then
    local saved = debug.getmetatable(io.stderr)
    debug.setmetatable(io.stderr, mt)
    try(function() return io.stderr.name end)
    try(function() return mt.__gc(io.stderr) end)
    try(function() return ripple.observe(io.stderr, "objectsDidChange", function() end) end)
    debug.setmetatable(io.stderr, saved)
  elseif r == 4 then
    local found, f = pcall(function() return target[pick(classOf(target).methods) or "x"] end)
    if found and type(f) == "function" then
      local _, saved = getupvalue(f, 1)
      local lud
      for k in pairs(debug.getregistry()) do if type(k) == "userdata" then lud = k; break end end
      setupvalue(f, 1, pick { lud or 1, target, {} })
      try(function() return f(target) end)
      setupvalue(f, 1, saved)
    end
  elseif r == 5 and type(newindex) == "function" then
    local up = R(1, 2)
    local _, saved = getupvalue(newindex, up)
    setupvalue(newindex, up, pick { 1, {}, target })
    try(function() target.x = 1 end)
    setupvalue(newindex, up, saved)
  end
end

local function inCoroutine()
  local co = coroutine.create(function()
    for _ = 1, R(2, 6) do
      step()
      coroutine.yield()
    end
  end)
  for _ = 1, 10 do
    local ok, err = coroutine.resume(co)
    if not ok then record(err) break end
    if coroutine.status(co) == "dead" then break end
  end
end

function step()
  local r = R(108)
  if r <= 30 then callMethod()
  elseif r <= 48 then getProperty()
  elseif r <= 62 then setProperty()
  elseif r <= 72 then callRipple()
  elseif r <= 78 then callMetamethod()
  elseif r <= 90 then drive()
  elseif r <= 95 then misc()
  elseif r <= 97 then inCoroutine()
  elseif r <= 98 then attack()
  elseif r <= 100 then collectgarbage("step")
  else W.step() end
end

-- {================ set-up ================}
local folder = (debug and debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$")) or "Scripts/fuzz"
local tmpFolder = ripple.temporaryPath("x"):sub(1, -3)
local function shortPath(text)
  local at = text:find(tmpFolder, 1, true)
  while at do
    text = text:sub(1, at - 1) .. "<tmp>" .. text:sub(at + #tmpFolder)
    at = text:find(tmpFolder, 1, true)
  end
  return text
end
local function userdataOfClass(name)
  for i = 1, #pool do
    local mt = type(pool[i]) == "userdata" and getmetatable(pool[i])
    if type(mt) == "table" and rawget(mt, "__name") == name then return pool[i] end
  end
  return nil
end
for k, v in pairs { R = R, pick = pick, chance = chance, try = try, keep = keep, arg = arg, callback = callback,
                    SEED = SEED, folder = folder, contexts = contexts, entities = entities, keyName = keyName,
                    valuesTable = valuesTable, fetchRequest = fetchRequest, entityName = entityName,
                    userdataFromPool = userdataFromPool, junk = junk, userdataOfClass = userdataOfClass, FUZZ_ERROR = FUZZ_ERROR,
                    step = function() return step() end, shortPath = shortPath,
                    setAction = function(text) action = text end } do
  F[k] = v
end
hidePaths = shortPath
W = dofile(folder .. "/wave3.lua")(F)
W.setup()
for _, k in ipairs(sortedKeys(ripple)) do
  -- (the functions starting with "_" are the scenario DSL's plumbing: fuzzing them records scenarios)
  if type(ripple[k]) == "function" and k:sub(1, 1) ~= "_" then rippleFunctions[#rippleFunctions + 1] = k end
end

local spec = randomModelSpec()
local model = ripple.model(spec)
F.model = model
local storePath
local container
if chance(4) and os.remove then
  -- a path of its own per seed, the same on every replay (messages may show it)
  storePath = "/tmp/ripple-fuzz-seed-" .. SEED .. ".sqlite"
  os.remove(storePath)
  container = ripple.container(model, { store = "sqlite", path = storePath })
else
  container = ripple.container(model)
end
F.container = container
local view = container.viewContext
view.automaticallyMergesChangesFromParent = chance(2)
for _, v in ipairs { view, container:newBackgroundContext(), view:newChildContext() } do keep(v) end
for _, v in ipairs { model, container, ripple.ViewController } do keep(v) end
for _ = 1, R(2, 6) do
  local e = pick(entities)
  try(function() local o = view:insert(e, valuesTable(e)); keep(o); W.noteObject(o, e) end)
end
try(function() view:save() end)

try(function()
  local frc = ripple.fetchedResultsController { context = view, entity = entities[1],
    sortDescriptors = { keysOf[entities[1]][1] }, sectionNameKeyPath = chance(2) and keysOf[entities[1]][1] or nil }
  frc.delegate = { controllerWillChangeContent = callback(), didChangeObject = callback(),
                                didChangeSection = callback(), controllerDidChangeContent = callback() }
  keep(frc)
  frc:performFetch()
end)
try(function()
  local cv = chance(2) and ripple.collectionView() or ripple.tableView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, view)
  keep(cv); keep(ds)
  ds:registerClass("Cell", callback())
  ds:reloadWithFetchRequest({ entity = entities[1], sortDescriptors = { keysOf[entities[1]][1] } })
end)
try(function()
  local window = ripple.window()
  local root = ripple.viewController "Root"
  local nav = ripple.navigationController { root, title = "Nav" }
  window.rootViewController = nav
  local form = ripple.viewController { title = "Form" }
  form.viewDidAppear = callback()
  form.dvc_updated = callback()
  keep(window); keep(root); keep(nav); keep(form)
  nav:pushViewController(form, chance(2))
  form:dvc_add(userdataFromPool())
end)
try(function() keep(ripple.observe(view, "objectsDidChange", callback())) end)

-- {================ the run ================}
while stats.calls < CALLS do step() end
collectgarbage("collect")
if storePath and os.remove then os.remove(storePath) end

local kinds = {}
for k, n in pairs(stats.kinds) do kinds[#kinds + 1] = { k, n } end
table.sort(kinds, function(a, b) if a[2] ~= b[2] then return a[2] > b[2] end return a[1] < b[1] end)
if VERBOSE then
  for i = 1, math.min(#kinds, 15) do print(string.format("fuzz:   %6d  %s", kinds[i][2], kinds[i][1])) end
end
for _, e in ipairs(unplacedExamples) do print("fuzz: error without file:line: " .. e) end
print(string.format("fuzz: seed %d: %d calls, %d Lua errors (%d tables), %d without file:line, %d invariant violations",
  SEED, stats.calls, stats.errors, stats.tableErrors, stats.unplaced, stats.invariants))
if stats.unplaced > 0 then
  error(string.format("seed %d: %d errors without file:line", SEED, stats.unplaced), 0)
end
