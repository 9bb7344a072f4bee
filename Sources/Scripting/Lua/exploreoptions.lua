-- The options of `ripple.explore` and the shape of its model (docs/explore.md); loaded by explore.lua,
-- which hands over `fail(message)` (raises at the script's line) and the action names.
local fail, ACTION_NAMES, GESTURES = ...
local ripple = ripple
local type, pairs, ipairs, tostring, rawget = type, pairs, ipairs, tostring, rawget
local concat, floor = table.concat, math.floor

local KNOWN = { "model", "container", "setup", "screen", "steps", "seed", "actions", "values", "check",
                "maxObjects", "entities", "name" }
local MAX_STEPS = 10000000
local STRINGS = { "Ann", "Al", "Bob", "Bea", "Cy", "Cal", "Dee", "Ed" }
local DATES = { 0, 86400, 172800 }

-- Checks the options and gathers what the generator needs from the model.
local function prepare(options)
  if type(options) ~= "table" then fail("options must be a table, got " .. type(options)) end
  -- Unknown keys are named in a fixed order (the traversal order of a table changes from run to run).
  local unknown = {}
  for key in pairs(options) do
    local found = false
    for _, k in ipairs(KNOWN) do if k == key then found = true end end
    if not found then unknown[#unknown + 1] = type(key) .. " " .. tostring(key) end
  end
  if #unknown > 0 then
    table.sort(unknown)
    local name = unknown[1]:match("^%a+ (.*)$")
    fail("unknown option '" .. name .. "' (known options: " .. concat(KNOWN, ", ") .. ")")
  end
  if options.model == nil and options.container == nil then fail("give a model (or a container function)") end
  if options.container ~= nil and type(options.container) ~= "function" then
    fail("container must be a function returning a new container (every run starts from an empty store), got " .. type(options.container))
  end
  if type(options.screen) ~= "function" then
    fail("screen must be a function(context, container) that builds the screen, got " .. type(options.screen))
  end
  for _, key in ipairs { "steps", "seed", "maxObjects" } do
    local v = options[key]
    if v ~= nil and math.type(v) ~= "integer" then fail(key .. " must be an integer, got " .. tostring(v)) end
    if v ~= nil and key ~= "seed" and v < 0 then fail(key .. " must not be negative, got " .. tostring(v)) end
  end
  if options.steps and options.steps > MAX_STEPS then
    fail("steps must be at most " .. MAX_STEPS .. ", got " .. options.steps)
  end
  if options.check ~= nil and type(options.check) ~= "function" then fail("check must be a function, got " .. type(options.check)) end
  if options.setup ~= nil and type(options.setup) ~= "function" then fail("setup must be a function, got " .. type(options.setup)) end
  local actions = {}
  if options.actions == nil then
    -- Gestures need the screen in a window: they run only when `actions` names them.
    for name in pairs(ACTION_NAMES) do if not GESTURES[name] then actions[name] = true end end
  else
    if type(options.actions) ~= "table" then fail("actions must be a list of action names, got " .. type(options.actions)) end
    for _, name in ipairs(options.actions) do
      if not ACTION_NAMES[name] then
        local names = {}
        for n in pairs(ACTION_NAMES) do names[#names + 1] = n end
        table.sort(names)
        fail("unknown action '" .. tostring(name) .. "' (actions: " .. concat(names, ", ") .. ")")
      end
      actions[name] = true
    end
  end
  -- Gestures need `ripple.user`; without it they are left out of the default list (an explicit request fails).
  local user = rawget(ripple, "user")
  for name in pairs(GESTURES) do
    if actions[name] and not (type(user) == "table" and type(user[name]) == "function") then
      if options.actions ~= nil then fail("action '" .. name .. "' needs ripple.user." .. name .. ", which this Ripple has not") end
      actions[name] = nil
    end
  end
  return actions
end

-- The model's entities, attributes (with the values to draw) and to-one relationships.
local function modelShape(model, options)
  local values = options.values or {}
  if type(values) ~= "table" then fail("values must be a table { Entity = { key = { value, … } } }, got " .. type(values)) end
  local entities, byName = {}, {}
  for _, e in ipairs(ripple._exploreModel(model)) do byName[e.name] = e end
  local wanted = options.entities
  if wanted ~= nil and type(wanted) ~= "table" then fail("entities must be a list of entity names, got " .. type(wanted)) end
  if wanted then
    for _, n in ipairs(wanted) do
      if byName[n] == nil then
        local known = {}
        for name in pairs(byName) do known[#known + 1] = name end
        table.sort(known)
        fail("entities: unknown entity '" .. tostring(n) .. "' (the model's entities: " .. table.concat(known, ", ") .. ")")
      end
    end
  end
  for _, e in ipairs(ripple._exploreModel(model)) do
    local include = not e.abstract
    if wanted then
      include = false
      for _, n in ipairs(wanted) do if n == e.name then include = true end end
    end
    if include then
      local given = values[e.name] or {}
      local attributes = {}
      for _, a in ipairs(e.attributes) do
        local pool = given[a.name]
        if pool ~= nil and type(pool) ~= "table" then
          fail("values." .. e.name .. "." .. a.name .. " must be a list of values, got " .. type(pool))
        end
        if pool == nil and not a.pattern then
          local t = a.type
          if t == "string" then
            pool = {}
            for _, s in ipairs(STRINGS) do
              if (a.minLength == nil or #s >= a.minLength) and (a.maxLength == nil or #s <= a.maxLength) then pool[#pool + 1] = s end
            end
          elseif t == "integer16" or t == "integer32" or t == "integer" or t == "double" or t == "float" then
            local lo = a.min and math.ceil(a.min) or 0
            local hi = a.max and floor(a.max) or lo + 3
            if hi > lo + 3 then hi = lo + 3 end
            pool = {}
            for v = lo, hi do pool[#pool + 1] = floor(v) end
          elseif t == "boolean" then pool = { false, true }
          elseif t == "date" then pool = DATES
          end
        end
        if pool and #pool == 0 then pool = nil end
        if pool then attributes[#attributes + 1] = { name = a.name, pool = pool, optional = a.optional }
        elseif not a.optional and a.default == nil then
          fail("cannot make values for " .. e.name .. "." .. a.name .. " (" .. a.type .. "): give values = { "
               .. e.name .. " = { " .. a.name .. " = { … } } }")
        end
      end
      local relationships = {}
      for _, r in ipairs(e.relationships) do
        if not r.toMany then relationships[#relationships + 1] = r end
      end
      entities[#entities + 1] = { name = e.name, attributes = attributes, relationships = relationships }
    end
  end
  if #entities == 0 then fail("no entity to insert (the model's entities are abstract, or entities lists none)") end
  local index = {}
  for _, e in ipairs(entities) do index[e.name] = e end
  return { entities = entities, byName = index }
end

return { prepare = prepare, modelShape = modelShape }
