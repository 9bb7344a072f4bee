-- Fetched properties (NSFetchedPropertyDescription): evaluated lazily at the first read, cached, not
-- refreshed when other objects change, fetched again after the object is refreshed; never a change of
-- the object. Declared in ripple.model and read from an Xcode model.

local function names(objects)
  local out = {}
  for i, o in ipairs(objects) do out[i] = o.name end
  return out
end

local model = ripple.model {
  Team = {
    name = "string",
    city = "string",
    players = { toMany = "Player", inverse = "team" },
    -- every player of the team's city, best first
    localPlayers = { fetched = "Player", predicate = "city == $FETCH_SOURCE.city",
                     sortDescriptors = { { key = "rating", ascending = false } } },
    stars = { fetched = "Player", predicate = "rating >= 90 AND team == $FETCH_SOURCE AND position == $FETCHED_PROPERTY.userInfo.position",
              userInfo = { position = "forward" } },
  },
  Player = {
    name = "string", city = "string", rating = "integer", position = { "string", default = "forward" },
    team = { toOne = "Team", inverse = "players" },
  },
}

scenario("read lazily, cached until the object is refreshed", function()
  local ctx = ripple.container(model).viewContext
  local team = ctx:insert("Team", { name = "Lions", city = "Oslo" })
  ctx:insert("Player", { name = "Ada", city = "Oslo", rating = 80 })
  ctx:insert("Player", { name = "Bo", city = "Oslo", rating = 95 })
  ctx:insert("Player", { name = "Cy", city = "Rome", rating = 99 })
  ctx:save()
  expect(names(team.localPlayers)):toEqual({ "Bo", "Ada" })
  -- another object changes: the cached array stays as it was
  ctx:insert("Player", { name = "Di", city = "Oslo", rating = 70 })
  ctx:fetch { entity = "Player", predicate = "name == 'Cy'" }[1].city = "Oslo"
  expect(names(team.localPlayers)):toEqual({ "Bo", "Ada" })
  -- a merging refresh fetches again at the next read (pending changes included)
  ctx:refresh(team, true)
  expect(names(team.localPlayers)):toEqual({ "Cy", "Bo", "Ada", "Di" })
  ctx:save()
  ctx:insert("Player", { name = "Ed", city = "Oslo", rating = 60 })
  ctx:refresh(team, false)
  expect(names(team.localPlayers)):toEqual({ "Cy", "Bo", "Ada", "Di", "Ed" })
end)

scenario("never a change: not updated, not in changedValues, not saved, read-only", function()
  local ctx = ripple.container(model).viewContext
  local team = ctx:insert("Team", { name = "Owls", city = "Bern" })
  local bo = ctx:insert("Player", { name = "Bo", city = "Bern", rating = 95, team = team })
  ctx:insert("Player", { name = "Al", city = "Bern", rating = 95, team = team, position = "back" })
  ctx:save()
  expect(names(team.stars)):toEqual({ "Bo" })
  expect(team.isUpdated):toBe(false)
  expect(team:changedValues()):toEqual({})
  expect(ctx.hasChanges):toBe(false)
  expect(function() team.stars = { bo } end)
    :toRaise("stars is a fetched property of entity Team: its value is the result of its fetch request and cannot be set")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("an Xcode model's fetched properties, with $FETCHED_PROPERTY.userInfo", function()
  local staff, warnings = ripple.loadModel("Tests/Fixtures/Models/Staff.xcdatamodel")
  expect(warnings):toEqual({})
  local ctx = ripple.container(staff).viewContext
  local lab = ctx:insert("Department", { name = "Lab" })
  ctx:insert("Employee", { name = "Ann", level = "senior", department = lab })
  ctx:insert("Employee", { name = "Ann", department = lab })
  ctx:insert("Employee", { name = "Bob", level = "senior" })
  ctx:save()
  expect(names(lab.seniors)):toEqual({ "Ann" })
  local ann = lab.seniors[1]
  expect(#ann.namesakes):toBe(1)
  expect(ann.namesakes[1].level):toBe("junior")
end)

scenario("bad fetched property specs", function()
  expect(function() ripple.model { A = { x = { fetched = "Nope" } } } end)
    :toRaise("fetched property A.x fetches an entity 'Nope' that the model does not have")
  expect(function() ripple.model { A = { n = "string", x = { fetched = "A", predicate = "n == $WHO" } } } end)
    :toRaise("fetched property A.x: the predicate uses $WHO; a fetched property's predicate can use $FETCH_SOURCE and $FETCHED_PROPERTY")
  expect(function() ripple.model { A = { n = "string", x = { fetched = "A", predicate = "n == $FETCHED_PROPERTY.entity" } } } end)
    :toRaise("fetched property A.x: $FETCHED_PROPERTY.entity is not simulated ($FETCHED_PROPERTY.name or $FETCHED_PROPERTY.userInfo.<key>)")
  expect(function() ripple.model { A = { n = "string", x = { fetched = "A", sortBy = "n" } } } end)
    :toRaise("sortBy")
end)
