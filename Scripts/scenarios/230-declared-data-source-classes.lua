-- The classes declared once (CollectionViewDataSource, Snapshot, DiffableDataSource, ManagedObjectID,
-- QueryGenerationToken, PersistentHistoryChangeRequest, ContextDidSaveNotification): receivers, typed
-- arguments and written values are checked by their declarations, in Lua's words, and a refused call or
-- write leaves the object as it was.
local cv = ripple.collectionView()
local ds = ripple.staticCollectionViewDataSource(cv)
ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip) end)
ds:reloadWithSections({ { "a", "b" } })

scenario("a data source checks its receiver, its typed arguments and its properties", function()
  expect(function() ds.reload(5) end):toRaise("bad argument #1 to 'reload' (CollectionViewDataSource expected, got number)")
  expect(function() ds:numberOfItemsInSection("x") end):toRaise(
    "bad argument #1 to 'numberOfItemsInSection' (number expected, got string)")
  expect(function() ds.reloadCollectionViewAfterChanges = 1 end):toRaise(
    "bad value for property 'reloadCollectionViewAfterChanges' (boolean expected, got number)")
  expect(ds.reloadCollectionViewAfterChanges):toBe(false)
  expect(function() ds.collectionView = cv end):toRaise(
    "attempt to set read-only property 'collectionView' of CollectionViewDataSource")
  expect(function() return ds.colectionView end):toRaise("this class is not key value coding-compliant for the key \"colectionView\"")
  expect(ds.sections):toBe(1)
  expect(ds:numberOfItemsInSection(0)):toBe(2)
  expect(ds.collectionView):toBe(cv)
end)

scenario("a snapshot checks its receiver and refuses writes; a refused mutation leaves it as it was", function()
  local s = ripple.snapshot()
  s:appendSections({ "main" })
  s:appendItems({ "a", "b" })
  expect(function() s.appendItems({}, "c") end):toRaise("bad argument #1 to 'appendItems' (Snapshot expected, got table)")
  expect(function() s:appendItems({ {} }) end):toRaise("an identifier must be a string, number or boolean, got table")
  expect(function() s.numberOfItems = 3 end):toRaise("attempt to set read-only property 'numberOfItems' of Snapshot")
  expect(function() s.sectionIdentifier = 3 end):toRaise("attempt to set unknown key 'sectionIdentifier' on Snapshot")
  expect(s.itemIdentifiers):toEqual({ "a", "b" })
  expect(s:copy().description):toBe(s.description)
end)

scenario("a diffable data source checks its receiver and its properties' values", function()
  local tv = ripple.tableView()
  local source = ripple.tableViewDiffableDataSource(tv, function(view, indexPath, item)
    local cell = view:dequeueReusableCell("Cell", indexPath)
    cell.text = item
    return cell
  end)
  expect(function() source.snapshot(ripple.snapshot()) end):toRaise(
    "bad argument #1 to 'snapshot' (DiffableDataSource expected, got Snapshot)")
  expect(function() source:apply(5) end):toRaise("bad argument #1 to 'apply' (Snapshot expected, got number)")
  expect(function() source.tableView = tv end):toRaise("attempt to set read-only property 'tableView' of DiffableDataSource")
  expect(function() source.supplementaryElementKinds = { 1 } end):toRaise(
    "supplementaryElementKinds item 1 must be a string, got number")
  expect(source.supplementaryElementKinds):toEqual({})
  expect(source.tableView):toBe(tv)
  expect(tostring(source)):toBe("DiffableDataSource")
end)

scenario("a query generation token is opaque", function()
  local model = ripple.model { Note = { title = "string" } }
  local ctx = ripple.container(model, { store = "sqlite", path = ripple.temporaryPath("declared-230.sqlite") }).viewContext
  ctx:setQueryGenerationFrom("current")
  local token = ctx.queryGenerationToken
  expect(tostring(token)):toBe("QueryGenerationToken(1)")
  expect(function() return token.number end):toRaise(
    "[<QueryGenerationToken> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"number\".")
  expect(function() token.number = 2 end):toRaise(
    "[<QueryGenerationToken> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \"number\".")
  expect(ctx.queryGenerationToken):toBe(token)
end)

scenario("an object ID's properties are read-only", function()
  local ctx = ripple.container(ripple.model { Note = { title = "string" } }).viewContext
  local id = ctx:insert("Note", { title = "a" }).objectID
  expect(function() id.isTemporaryID = false end):toRaise(
    "attempt to set read-only property 'isTemporaryID' of ManagedObjectID")
  expect(function() return id.entity end):toRaise(
    "[<ManagedObjectID> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"entity\".")
  expect(id.isTemporaryID):toBe(true)
  expect(id.entityName):toBe("Note")
  expect(tostring(id)):toBe(id.uriRepresentation)
end)

scenario("a history request and a save's notification are opaque", function()
  local request = ripple.historyRequest {}
  expect(tostring(request)):toBe("PersistentHistoryChangeRequest")
  expect(function() return request.after end):toRaise(
    "[<PersistentHistoryChangeRequest> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"after\".")
  expect(function() request.after = 1 end):toRaise("attempt to set unknown key 'after' on PersistentHistoryChangeRequest")
  local ctx = ripple.container(ripple.model { Note = { title = "string" } }).viewContext
  local note
  local token = ripple.observe(ctx, "didSave", function(n) note = n end)
  ctx:insert("Note", { title = "a" })
  ctx:save()
  token:cancel()
  expect(tostring(note.notification)):toBe("ContextDidSaveNotification(" .. ctx.name .. ")")
  expect(function() note.notification.inserted = {} end):toRaise(
    "[<ContextDidSaveNotification> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \"inserted\".")
end)
