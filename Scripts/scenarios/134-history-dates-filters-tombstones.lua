-- Persistent history: fetch after a date, fetch through a fetch request on the transaction entity
-- (author, contextName, timestamp; NSPersistentHistoryChangeRequest.fetchHistory(withFetch:)), tombstones of
-- deleted objects (preservesValueInHistoryOnDeletion), in memory and in a SQLite file; unknown authors and
-- future dates give empty results.
local model = ripple.model {
  Note = { title = { "string", preservesValueInHistoryOnDeletion = true }, body = "string?",
           uuid = { "uuid?", preservesValueInHistoryOnDeletion = true } },
}
local EPOCH = 1767225600    -- 2026-01-01 00:00:00 UTC: transaction n is stamped EPOCH + n

local function exercise(container)
  local ctx = container.viewContext
  ctx.transactionAuthor = "app"
  local bg = container:newBackgroundContext()
  bg.transactionAuthor = "sync"
  local note = ctx:insert("Note", { title = "first\ttab\nline", body = "b", uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F" })
  ctx:save()                                                    -- transaction 1, app
  bg:performAndWait(function() bg:insert("Note", { title = "synced" }); bg:save() end)   -- 2, sync
  ctx:delete(note)
  ctx:save()                                                    -- 3, app: a deletion with a tombstone
  return ctx
end

local function authors(transactions)
  local out = {}
  for i, t in ipairs(transactions) do out[i] = (t.author or "nil") .. "@" .. math.tointeger(t.timestamp - EPOCH) end
  return table.concat(out, ",")
end

for _, kind in ipairs({ "memory", "sqlite" }) do
  scenario(kind .. ": after a date, by author and context through a fetch request, tombstones", function()
    local options = { persistentHistoryTracking = true }
    if kind == "sqlite" then
      options.store = "sqlite"
      options.path = ripple.temporaryPath("history-" .. kind .. ".sqlite")
    end
    local ctx = exercise(ripple.container(model, options))
    local all = ctx:execute(ripple.historyRequest {}).result
    expect(authors(all)):toBe("app@1,sync@2,app@3")
    expect(authors(ctx:execute(ripple.historyRequest { after = EPOCH + 1 }).result)):toBe("sync@2,app@3")
    expect(authors(ctx:execute(ripple.historyRequest { after = EPOCH + 1.5 }).result)):toBe("sync@2,app@3")
    expect(ctx:execute(ripple.historyRequest { after = EPOCH + 3600 }).result):toEqual({})   -- the future: nothing
    local others = ctx:execute(ripple.historyRequest { fetchRequest = { predicate = "author != %@", arguments = { "app" } } }).result
    expect(authors(others)):toBe("sync@2")
    local fromBackground = ctx:execute(ripple.historyRequest { fetchRequest = {
      predicate = "contextName BEGINSWITH 'background' OR timestamp > %@", arguments = { EPOCH + 2 } } }).result
    expect(authors(fromBackground)):toBe("sync@2,app@3")
    expect(ctx:execute(ripple.historyRequest { fetchRequest = { predicate = "author == 'nobody'" } }).result):toEqual({})
    local deletion = all[3].changes[1]
    expect(deletion.changeType):toBe("delete")
    expect(deletion.tombstone):toEqual({ title = "first\ttab\nline", uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F" })
    expect(all[1].changes[1].tombstone):toBeNil()
  end)
end

scenario("bad history requests are refused before anything runs", function()
  local ctx = ripple.container(model, { persistentHistoryTracking = true }).viewContext
  expect(function() ripple.historyRequest { fetchRequest = { predicate = "authr == 'x'" } } end):toRaise(
    "keypath authr not found in entity Transaction")
  expect(function() ripple.historyRequest { fetchRequest = { predicate = function() return true end } } end):toRaise(
    "the fetch request of ripple.historyRequest needs a predicate format string (author, contextName, timestamp), got a function")
  expect(function() ripple.historyRequest { fetchRequest = { predicate = "author == 'x'", sortDescriptors = { "timestamp" } } } end):toRaise(
    "unknown key 'sortDescriptors' in the fetch request of ripple.historyRequest")
  expect(function() ripple.historyRequest { after = "yesterday" } end):toRaise(
    "after must be a PersistentHistoryToken or a date (seconds since 1970), got string")
  expect(function() ripple.historyRequest { after = 1, fetchRequest = { predicate = "TRUEPREDICATE" } } end):toRaise(
    "a history request either fetches (after = token or date, fetchRequest = { … }) or deletes (deleteBefore = token): give one of after, fetchRequest")
  expect(function() ripple.model { N = { t = { "string", preservesValueInHistoryOnDeletion = 1 } } } end):toRaise(
    "preservesValueInHistoryOnDeletion")
  expect(ctx:execute(ripple.historyRequest {}).result):toEqual({})
end)
