import Testing
@testable import Scripting

/// A Lua write of a string to an attribute (`o.name = "…"`) goes to the object's slot setter
/// (`setAttributeIfPlain`) before the general `setValue(_:forKey:)`. The same script run with that path on
/// and off (``ScriptEngine/plainAttributeWrites``) must give the same values, errors, notifications, undo,
/// key-value changes, class callbacks, saved rows and trace: each case below is one rule of the general
/// path the slot setter has to keep (or decline for).
@Suite struct ObjectWriteFastPathTests {
    static let script = #"""
        local model = ripple.model {
          Item = { name = "string", code = { "string?", maxLength = 3 }, tag = { "string?", pattern = "[a-z]+" },
                   age = "integer?", when = "date?", blob = "binary?" },
          Plain = { name = "string", note = { "string?", maxLength = 4 } },
          Kept = { name = "string", saves = { "integer", default = 0 } },
        }
        -- a model with a derived property: the slot setter declines every write in its contexts
        local derivedModel = ripple.model {
          Tagged = { name = "string", initial = { derived = function(t) return t.name:sub(1, 1) end, dependsOn = { "name" } } },
        }
        local calls = {}
        model:class("Kept", {
          awakeFromFetch = function(self) calls[#calls + 1] = "awakeFromFetch " .. tostring(self) end,
          willSave = function(self)
            calls[#calls + 1] = "willSave " .. tostring(self) .. " " .. tostring(self.name)
            if not self.isDeleted and self.name ~= "" and self.name ~= "saved" .. self.saves then
              self.saves = self.saves + 1
              self.name = "saved" .. self.saves
            end
          end,
          validateName = function(self, value)
            if value == "" then return false, "A kept object needs a name." end
            return true
          end,
        })
        local container = ripple.container(model)
        local ctx = container.viewContext
        local out = {}
        local function try(label, fn)
          local ok, err = pcall(fn)
          out[#out + 1] = label .. (ok and " ok" or (" error " .. tostring(err)))
        end
        local function show(o, keys)
          local parts = {}
          for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. tostring(o[k]) end
          return tostring(o) .. " " .. table.concat(parts, " ") .. " changed=" .. tostring(o.hasChanges)
        end

        -- plain writes: new, repeated in one event, after a save, of a loaded fault, the same value again
        local p = ctx:insert("Plain", { name = "a" })
        try("rename", function() p.name = "b"; p.name = "c"; p.name = "" end)
        try("not UTF-8", function() p.name = "\xff\xfe" end)
        ctx:processPendingChanges()
        try("rename again", function() p.name = "d" end)
        ctx:save()
        try("after save", function() p.name = "e"; p.name = "e" end)
        ctx:save()
        try("same value", function() p.name = "e" end)
        out[#out + 1] = show(p, { "name" })
        ctx:save()
        ctx:refresh(p, false)
        try("fault", function() p.name = "f" end)
        out[#out + 1] = show(p, { "name" }) .. " fault=" .. tostring(p.isFault)
        -- strings that fail conversion or validation (the failing write's line is named at the save)
        try("string into integer", function() p.name = "g"; local i = ctx:insert("Item", { name = "x" }); i.age = "12" end)
        try("string into binary", function() local i = ctx:insert("Item", { name = "y" }); i.blob = "bytes" end)
        try("string into date", function() local i = ctx:insert("Item", { name = "z" }); i.when = "yesterday" end)
        ctx:rollback()
        try("too long", function() p.note = "toolong" end)
        try("save too long", function() ctx:save() end)
        try("short again", function() p.note = "ok" end)
        try("save short", function() ctx:save() end)
        -- derived properties: the slot setter declines, the general path settles them
        local dctx = ripple.container(derivedModel).viewContext
        local tagged = dctx:insert("Tagged", { name = "Ann" })
        try("derived", function() tagged.name = "Bob" end)
        out[#out + 1] = show(tagged, { "name", "initial" })
        dctx:save()
        local item = ctx:insert("Item", { name = "Ann" })
        try("pattern", function() item.tag = "ABC" end)
        try("save pattern", function() ctx:save() end)
        item.tag = "abc"
        ctx:save()
        -- key-value observers
        local seen = {}
        local token = ripple.observe(p, "name", function(change) seen[#seen + 1] = tostring(change.old) .. "->" .. tostring(change.new) end)
        try("observed", function() p.name = "h"; p.name = "i" end)
        token:cancel()
        try("unobserved", function() p.name = "j" end)
        out[#out + 1] = "kvo " .. table.concat(seen, ", ")
        ctx:save()
        -- undo
        ctx.undoManager = ripple.undoManager()
        try("undoable", function() p.name = "k" end)
        ctx:processPendingChanges()
        try("undoable again", function() p.name = "l" end)
        ctx:processPendingChanges()
        ctx:undo()
        out[#out + 1] = "undo once " .. show(p, { "name" })
        ctx:undo()
        out[#out + 1] = "undo twice " .. show(p, { "name" })
        ctx:redo()
        out[#out + 1] = "redo " .. show(p, { "name" })
        ctx.undoManager = nil
        ctx:save()
        -- class callbacks: willSave writing a string, validate<Key>, awakeFromFetch of a fault written to
        local kept = ctx:insert("Kept", { name = "k" })
        try("kept save", function() ctx:save() end)
        out[#out + 1] = show(kept, { "name", "saves" })
        try("kept empty", function() kept.name = "" end)
        try("kept save empty", function() ctx:save() end)
        ctx:rollback()
        ctx:refresh(kept, false)
        try("kept fault", function() kept.name = "again" end)
        try("kept save again", function() ctx:save() end)
        out[#out + 1] = show(kept, { "name", "saves" })
        -- writes from notifications of a save in progress
        local t1 = ripple.observe(ctx, "willSave", function() p.name = "from willSave" end)
        try("save with willSave write", function() p.note = "w"; ctx:save() end)
        t1:cancel()
        local t2 = ripple.observe(ctx, "didSave", function() p.name = "from didSave" end)
        try("save with didSave write", function() p.note = "d"; ctx:save() end)
        t2:cancel()
        out[#out + 1] = show(p, { "name", "note" })
        ctx:save()
        -- deleted, saved deletion, reset
        local gone = ctx:insert("Plain", { name = "gone" })
        ctx:save()
        ctx:delete(gone)
        try("deleted", function() gone.name = "x" end)
        ctx:save()
        try("deletion saved", function() gone.name = "x" end)
        local lost = ctx:insert("Plain", { name = "lost" })
        ctx:reset()
        try("reset", function() lost.name = "x" end)
        -- an object of a private-queue context written outside its queue, then inside
        local bg = container:newBackgroundContext()
        local q = bg:performAndWait(function() return bg:insert("Plain", { name = "q" }) end)
        try("other queue", function() q.name = "x" end)
        try("own queue", function() bg:performAndWait(function() q.name = "y" end) end)
        out[#out + 1] = "queue " .. bg:performAndWait(function() return q.name end)
        -- a child context's object, saved into the parent
        local child = ctx:newChildContext()
        local cp = child:existingObject(ctx:fetch { entity = "Plain" }[1].objectID)
        try("child", function() cp.name = "child"; child:save() end)
        out[#out + 1] = "parent " .. tostring(ctx:fetch { entity = "Plain" }[1].name)
        ctx:save()
        for _, o in ipairs(ctx:fetch { entity = "Plain", sortDescriptors = { "name" } }) do out[#out + 1] = "saved " .. show(o, { "name", "note" }) end
        out[#out + 1] = "calls " .. table.concat(calls, ", ")
        RESULT = table.concat(out, "\n")
        """#

    /// Runs the script with the slot setter on or off; returns `RESULT`, the trace and how many writes
    /// the slot setter stored.
    static func run(fast: Bool) throws -> (result: String, trace: [String], stored: Int) {
        let engine = try ScriptEngine()
        engine.plainAttributeWrites = fast
        try engine.run(script, chunkName: "=write")
        engine.state.getGlobal("RESULT")
        let result = engine.state.toString(at: -1) ?? "<none>"
        engine.state.pop()
        return (result, engine.log.lines, engine.plainAttributeWriteCount)
    }

    @Test("a string write through the slot setter keeps every rule of setValue(_:forKey:)")
    func sameAsGeneralPath() throws {
        let fast = try Self.run(fast: true)
        let general = try Self.run(fast: false)
        #expect(fast.stored > 10)
        #expect(general.stored == 0)
        #expect(fast.result == general.result)
        #expect(fast.trace == general.trace)
        // The cases really reached each outcome.
        let lines = fast.result.split(separator: "\n").map(String.init)
        #expect(lines.contains("rename ok"))
        #expect(lines.contains { $0.hasPrefix("deleted error write:") && $0.contains("after it has been deleted from its context") })
        #expect(lines.contains { $0.hasPrefix("reset error write:") })
        #expect(lines.contains { $0.hasPrefix("other queue error write:") })
        #expect(lines.contains { $0.hasPrefix("save too long error") && $0.contains("note set to") })
        #expect(lines.contains { $0.hasPrefix("kept save empty error") && $0.contains("A kept object needs a name.") })
        #expect(lines.contains("kvo e->h, h->i"))
        #expect(lines.contains("undo twice Plain#1 name=j changed=true"))
        #expect(lines.contains("Tagged#1 name=Bob initial=B changed=true"))
        #expect(lines.contains("Kept#1 name=saved2 saves=2 changed=false"))
        #expect(lines.contains("calls willSave Kept#1 k, willSave Kept#1 saved1, willSave Kept#1 , awakeFromFetch Kept#1, willSave Kept#1 again, willSave Kept#1 saved2"))
    }
}
