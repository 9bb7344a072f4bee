-- Persistent history: a store with tracking records every save and batch request as a transaction
-- (token, author, changes); a context fetches the transactions after the last token it processed and
-- merges them; old history is deleted.
local model = ripple.model { Note = { title = "string", done = "boolean" } }
local container = ripple.container(model, { persistentHistoryTracking = true })
local ctx = container.viewContext
local coordinator = container.persistentStoreCoordinator
local bg = container:newBackgroundContext()
bg.transactionAuthor = "sync"
ctx.transactionAuthor = "app"

local function describe(transactions)
  local lines = {}
  for _, t in ipairs(transactions) do
    local parts = {}
    for _, c in ipairs(t.changes) do
      parts[#parts + 1] = c.changeType .. " " .. tostring(c.changedObjectID.uriRepresentation:match("[^/]+/[^/]+$"))
        .. (#c.updatedProperties > 0 and " {" .. table.concat(c.updatedProperties, ",") .. "}" or "")
    end
    lines[#lines + 1] = tostring(t.token) .. " " .. tostring(t.author) .. "@" .. t.contextName .. ": " .. table.concat(parts, ", ")
  end
  return lines
end

local lastToken

scenario("saves and batch requests become transactions with their author", function()
  expect(coordinator:currentPersistentHistoryToken()):toBeNil()
  bg:performAndWait(function()
    bg:insert("Note", { title = "A", done = false })
    bg:insert("Note", { title = "B", done = false })
    bg:save()
  end)
  lastToken = coordinator:currentPersistentHistoryToken()
  local a = ctx:fetch { entity = "Note", predicate = "title == 'A'" }[1]
  a.done = true
  ctx:save()
  bg:performAndWait(function() bg:execute(ripple.batchDeleteRequest { entity = "Note", predicate = "title == 'B'" }) end)
  expect(describe(ctx:execute(ripple.historyRequest {}).result)):toEqual({
    "PersistentHistoryToken(1) sync@background#1: insert Note/p1, insert Note/p2",
    "PersistentHistoryToken(2) app@viewContext: update Note/p1 {done}",
    "PersistentHistoryToken(3) sync@background#1: delete Note/p2",
  })
  expect(coordinator:currentPersistentHistoryToken() == lastToken):toBe(false)
end)

scenario("fetching after a token and merging a transaction makes a batch delete visible", function()
  local after = ctx:execute(ripple.historyRequest { after = lastToken }).result
  expect(#after):toBe(2)
  local b = ctx:object(after[2].changes[1].changedObjectID)
  expect(b.managedObjectContext):toBe(ctx)
  ripple.clearEvents()
  for _, transaction in ipairs(after) do
    if transaction.author ~= ctx.transactionAuthor then ctx:mergeChangesFromContextDidSave(transaction) end
  end
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange deleted: Note#2" })
  expect(b.managedObjectContext):toBeNil()
  expect(ctx:count { entity = "Note" }):toBe(1)
  lastToken = after[#after].token
end)

scenario("deleting history before a token; an older token has expired (134301)", function()
  local first = ctx:execute(ripple.historyRequest {}).result[1].token
  local deleted = ctx:execute(ripple.historyRequest { deleteBefore = lastToken }).result
  expect(#deleted):toBe(2)
  expect(#ctx:execute(ripple.historyRequest { after = lastToken }).result):toBe(0)
  expect(function() ctx:execute(ripple.historyRequest { after = first }) end):toRaise(
    'Error Domain=NSCocoaErrorDomain Code=134301 "The persistent history token has expired: the history after it was deleted."')
end)

scenario("history requests are refused on a store without tracking, and bad requests are refused", function()
  local plain = ripple.container(model).viewContext
  expect(function() plain:execute(ripple.historyRequest {}) end):toRaise(
    "Persistent history tracking is not enabled for the store memory: add it with persistentHistoryTracking = true (NSPersistentHistoryTrackingKey).")
  expect(function() ripple.historyRequest { after = "3" } end):toRaise(
    "after must be a PersistentHistoryToken or a date (seconds since 1970), got string")   -- a number is a date
  expect(function() ripple.historyRequest { since = lastToken } end):toRaise("unknown key 'since' in the options of ripple.historyRequest")
  expect(function() ripple.container(model, { persistentHistoryTracking = "yes" }) end):toRaise(
    "persistentHistoryTracking must be a boolean, got string")
  expect(function() ctx.transactionAuthor = 3 end):toRaise("transactionAuthor must be a string or nil, got number")
end)

scenario("a SQLite store keeps its history in the file: another connection sees every transaction", function()
  local path = ripple.temporaryPath("scenario-87.sqlite")
  local app = ripple.container(model, { store = "sqlite", path = path, persistentHistoryTracking = true })
  local widget = ripple.container(model, { store = "sqlite", path = path, persistentHistoryTracking = true })
  local widgetContext = widget.viewContext
  widgetContext.transactionAuthor = "widget"
  widgetContext:insert("Note", { title = "from the widget", done = false })
  widgetContext:save()
  app.viewContext.transactionAuthor = "app"
  app.viewContext:insert("Note", { title = "from the app", done = false })
  app.viewContext:save()
  expect(describe(app.viewContext:execute(ripple.historyRequest {}).result)):toEqual({
    "PersistentHistoryToken(1) widget@viewContext: insert Note/p1",
    "PersistentHistoryToken(2) app@viewContext: insert Note/p2",
  })
  expect(tostring(widget.persistentStoreCoordinator:currentPersistentHistoryToken())):toBe("PersistentHistoryToken(2)")
  local fromApp = widgetContext:execute(ripple.historyRequest { after = widget.persistentStoreCoordinator:currentPersistentHistoryToken() }).result
  expect(#fromApp):toBe(0)
  local all = widgetContext:execute(ripple.historyRequest {}).result
  expect(widgetContext:count { entity = "Note" }):toBe(1)   -- the app's row is not loaded yet
  widgetContext:mergeChangesFromContextDidSave(all[2])     -- the merge reads it from the file
  expect(widgetContext:count { entity = "Note" }):toBe(2)
  expect(widgetContext:fetch { entity = "Note", predicate = "title == 'from the app'" }[1].title):toBe("from the app")
  widgetContext:execute(ripple.historyRequest { deleteBefore = all[2].token })
  expect(function() app.viewContext:execute(ripple.historyRequest {}) end):toRaise("Code=134301")
  local reopened = ripple.container(model, { store = "sqlite", path = path, persistentHistoryTracking = true })
  expect(#reopened.viewContext:execute(ripple.historyRequest { after = all[1].token }).result):toBe(1)
end)
