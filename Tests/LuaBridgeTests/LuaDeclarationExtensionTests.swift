import LuaBridge
import Testing

/// A tally and a list of its entries: two Swift classes adopting the same bridged protocol.
final class Tally {
    var total = 0
    var notes: [String: String] = [:]
}

/// The generic extensions of declarations: a protocol several bridged classes adopt (shared member groups),
/// open fields annotated as any key (``LuaOpenFields/AnyKey``), and the typed members of a protocol a Lua object plays, with their annotations.
@Suite struct LuaDeclarationExtensionTests {
    static let counting = LuaProtocolDeclaration("Counting", "Things that count.", conformer: .bridgedClasses, [
        .required("add", "Adds `amount`.", [.init("amount", "integer")]),
        .optional("reset", "Back to zero."),
    ])

    static let tally = LuaClassDeclaration<Tally>(
        "Tally", "A tally.",
        properties: [.property("total", "The total.", get: { $0.total })],
        methods: [.method("double", "Doubles the total.") { $0.total *= 2 }]
    ).adopting(counting) { member in
        switch member.name {
        case "add": return { tally, state in
            guard let n = Int(lua: state, at: 2) else {
                throw LuaArgumentError(argument: 2, message: Int.argumentMessage(state, at: 2))
            }
            tally.total += n
            return 0
        }
        default: return nil   // `reset` is optional
        }
    }

    static let noted = LuaOpenClassDeclaration(LuaClassDeclaration<Tally>(
        "Noted", "A tally whose other keys are notes.",
        properties: [.property("total", "The total.", get: { $0.total })]
    ), openFields: LuaOpenFields<Tally>(anyKey: .init(type: "string", "Notes."), read: { tally, key, state in
        if let note = tally.notes[key] { state.push(note) } else { state.pushNil() }
    }, write: { tally, key, state, value in
        guard let note = String(lua: state, at: value) else { throw LuaError(.runtime, "notes are strings") }
        tally.notes[key] = note
    }))


    @Test("an adopted protocol gives the class its methods, checked, and its annotations inherit them")
    func adoption() throws {
        let tally = Tally()
        let state = try LuaState()
        state.push(object: tally, class: Self.tally.makeClass())
        state.setGlobal("t")
        try state.run("t:add(3); t:double()")
        #expect(tally.total == 6)
        #expect(failure(state, "t:add('x')") == "t:1: bad argument #1 to 'add' (number expected, got string)")
        #expect(failure(state, "t.add(1)") == "t:1: bad argument #1 to 'add' (Tally expected, got number)")
        #expect(failure(state, "t:reset()").contains("attempt to call a nil value (method 'reset')"))
        #expect(tally.total == 6)
        #expect(Self.tally.adoptedProtocols.map(\.name) == ["Counting"])
        #expect(Self.tally.memberNames == ["Tally.total", "Tally:add", "Tally:double"])
        #expect(Self.tally.annotations == """
            ---A tally.
            ---@class Tally : Counting
            ---@field total integer The total.
            local Tally = {}

            ---Doubles the total.
            function Tally:double() end

            """)
        #expect(Self.counting.annotations == """
            ---Things that count.
            ---@class Counting : userdata
            local Counting = {}

            ---Adds `amount`.
            ---@param amount integer
            function Counting:add(amount) end

            ---Back to zero.
            function Counting:reset() end

            """)
    }

    @Test("open fields of free content: members stay declared, other keys are the object's own, annotated as `[string]`")
    func openFields() throws {
        let tally = Tally()
        let state = try LuaState()
        state.push(object: tally, class: Self.noted.makeClass())
        state.setGlobal("t")
        try state.run("t.colour = 'red'")
        #expect(tally.notes == ["colour": "red"])
        #expect(try state.eval("return t.colour") == "red")
        #expect(try state.eval("return tostring(t.size)") == "nil")
        #expect(try state.eval("return t.total") == "0")
        #expect(failure(state, "t.total = 3") == "t:1: attempt to set read-only property 'total' of Noted")
        #expect(failure(state, "t.size = {}") == "t:1: notes are strings")
        #expect(tally.notes == ["colour": "red"] && tally.total == 0)
        #expect(Self.noted.annotations.contains("---@field total integer The total.\n---@field [string] string Notes.\nlocal Noted = {}"))
    }

    @Test("a script protocol's typed members make its annotations; the typo check is unchanged")
    func scriptProtocol() {
        let source = LuaProtocolDeclaration("UITableViewDataSource", "A data source.", [
            .required("numberOfRowsInSection", "The rows of a section.",
                      [.init("view", "CollectionView"), .init("section", "integer")], returns: "integer"),
            .optional("titleForHeaderInSection", "A header title.", [.init("view", "CollectionView"), .init("section", "integer")],
                      returns: "string?"),
            .value("kinds", type: "string[]", "The kinds."),
        ])
        #expect(source.annotations == """
            ---A data source.
            ---@class UITableViewDataSource
            ---@field numberOfRowsInSection fun(view: CollectionView, section: integer): integer The rows of a section.
            ---@field titleForHeaderInSection? fun(view: CollectionView, section: integer): string? A header title.
            ---@field kinds? string[] The kinds.

            """)
        #expect(source.members.map(\.requirement) == [.required, .optional, .optional])
        #expect(source.problem(name: "numberOfRowInSection", type: .function)
                == "unknown method 'numberOfRowInSection' for UITableViewDataSource (did you mean 'numberOfRowsInSection'?)")
        #expect(source.problem(name: "kinds", type: .table) == nil)
        #expect(source.problem(name: "titleForHeaderInSection", type: .string)
                == "'titleForHeaderInSection' of UITableViewDataSource must be a function, got string")
    }
}
