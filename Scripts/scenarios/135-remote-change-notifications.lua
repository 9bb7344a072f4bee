-- NSPersistentStoreRemoteChange: with the store option remoteChangeNotificationPost = true, the coordinator
-- posts persistentStoreRemoteChange for every transaction committed to its store — its own contexts' saves
-- and batch requests, and another coordinator's writes to the same SQLite file — at the next ripple.tick(),
-- with the store's history token; apps then fetch the history since their last token.
local model = ripple.model { Note = { title = "string" } }

scenario("every transaction on the store is announced at the next tick, own saves included", function()
  local container = ripple.container(model, { persistentHistoryTracking = true, remoteChangeNotificationPost = true })
  local ctx = container.viewContext
  local seen = {}
  local token = ripple.observe(container.persistentStoreCoordinator, "persistentStoreRemoteChange", function(note)
    seen[#seen + 1] = tostring(note.historyToken) .. " " .. tostring(note.storeURL) .. " " .. note.store.type
  end)
  ctx:insert("Note", { title = "a" })
  ctx:save()
  expect(seen):toEqual({})                  -- posted asynchronously, never inside the save
  ripple.clearEvents()
  ripple.tick()
  expect(seen):toEqual({ "PersistentHistoryToken(1) nil InMemory" })
  expect(ripple.events()):toEqual({ "[coordinator] persistentStoreRemoteChange InMemory store, historyToken 1" })
  ctx:execute(ripple.batchUpdateRequest { entity = "Note", propertiesToUpdate = { title = "b" } })
  ripple.tick()
  expect(seen[2]):toBe("PersistentHistoryToken(2) nil InMemory")
  token:cancel()
  ctx:insert("Note", { title = "c" }); ctx:save(); ripple.tick()
  expect(#seen):toBe(2)
end)

scenario("another coordinator's write to the same file reaches this one; history says what changed", function()
  local path = ripple.temporaryPath("remote-change.sqlite")
  local app = ripple.container(model, { store = "sqlite", path = path, persistentHistoryTracking = true,
                                        remoteChangeNotificationPost = true })
  local extension = ripple.container(model, { store = "sqlite", path = path, persistentHistoryTracking = true })
  local ctx = app.viewContext
  ctx.transactionAuthor = "app"
  local lastToken = app.persistentStoreCoordinator:currentPersistentHistoryToken()
  local merged = {}
  ripple.observe(app.persistentStoreCoordinator, "persistentStoreRemoteChange", function(note)
    expect(note.storeURL):toBe(path)
    local transactions = ctx:execute(ripple.historyRequest { after = lastToken }).result
    for _, t in ipairs(transactions) do
      if t.author ~= "app" then
        ctx:mergeChangesFromContextDidSave(t)
        merged[#merged + 1] = t.author .. ":" .. #t.changes
      end
      lastToken = t.token
    end
  end)
  local writer = extension.viewContext
  writer.transactionAuthor = "widget"
  writer:insert("Note", { title = "from the widget" })
  writer:save()
  ctx:insert("Note", { title = "mine" })
  ctx:save()
  ripple.tick()
  expect(merged):toEqual({ "widget:1" })
  expect(ctx:count { entity = "Note" }):toBe(2)
end)

scenario("without the option nothing is posted; the option is checked", function()
  local container = ripple.container(model)
  local count = 0
  ripple.observe(container.persistentStoreCoordinator, "persistentStoreRemoteChange", function() count = count + 1 end)
  container.viewContext:insert("Note", { title = "x" })
  container.viewContext:save()
  ripple.tick()
  expect(count):toBe(0)
  expect(function() ripple.container(model, { remoteChangeNotificationPost = "yes" }) end):toRaise(
    "remoteChangeNotificationPost must be a boolean, got string")
  expect(function() ripple.observe(container.persistentStoreCoordinator, "didSave", function() end) end):toRaise(
    "unknown notification 'didSave' of a coordinator (expected persistentStoreRemoteChange)")
end)
