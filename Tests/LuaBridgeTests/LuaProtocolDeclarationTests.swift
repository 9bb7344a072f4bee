import LuaBridge
import Testing

/// The typo rule of protocol declarations and the "did you mean" suggestions.
@Suite struct LuaProtocolDeclarationTests {
    static let delegate = LuaProtocolDeclaration("NSFetchedResultsControllerDelegate", [
        .init("controllerWillChangeContent", .optional, "before"),
        .init("didChangeObject", .optional, "an object"),
        .init("controllerDidChangeContent", .optional, "after"),
        .init("supplementaryElementKinds", .optional, "kinds", kind: .value),
    ])

    @Test("edit distance counts a swap of neighbours as one edit")
    func distance() {
        #expect(LuaNameSuggestion.distance("viewDidAppaer", "viewDidAppear") == 1)
        #expect(LuaNameSuggestion.distance("didChangeObjet", "didChangeObject") == 1)
        #expect(LuaNameSuggestion.distance("", "abc") == 3)
        #expect(LuaNameSuggestion.distance("kitten", "sitting") == 3)
    }

    @Test("typos: two edits or a case difference; exact and far names are not typos")
    func typos() {
        let known = ["viewDidLoad", "viewDidAppear"]
        #expect(LuaNameSuggestion.typo(of: "viewDidload", among: known) == "viewDidLoad")
        #expect(LuaNameSuggestion.typo(of: "VIEWDIDAPPEAR", among: known) == "viewDidAppear")
        #expect(LuaNameSuggestion.typo(of: "viewDidLoad", among: known) == nil)
        #expect(LuaNameSuggestion.typo(of: "reloadContacts", among: known) == nil)
        #expect(LuaNameSuggestion.suggestion(for: "existingObject", among: ["existingObjectWithID", "save"]) == "existingObjectWithID")
        #expect(LuaNameSuggestion.suggestion(for: "save", among: ["save"]) == nil)
        #expect(LuaNameSuggestion.didYouMean("nmae", among: ["name"]) == " (did you mean 'name'?)")
        #expect(LuaNameSuggestion.didYouMean("zzz", among: ["name"]) == "")
        // Short names allow fewer edits: `nope` is not `name`, `zz` is not `id`.
        #expect(LuaNameSuggestion.suggestion(for: "nope", among: ["name"]) == nil)
        #expect(LuaNameSuggestion.suggestion(for: "zz", among: ["id"]) == nil)
        #expect(LuaNameSuggestion.typo(of: "Persn", among: ["Person"]) == "Person")
    }

    @Test("a declaration's problems: misspelled names, non-functions under method names; values and helpers pass")
    func problems() {
        let d = Self.delegate
        #expect(d.problem(name: "controllerDidChangeContents", type: .function)
                == "unknown method 'controllerDidChangeContents' for NSFetchedResultsControllerDelegate (did you mean 'controllerDidChangeContent'?)")
        #expect(d.problem(name: "didChangeObject", type: .number)
                == "'didChangeObject' of NSFetchedResultsControllerDelegate must be a function, got number")
        #expect(d.problem(name: "didChangeObject", type: .nil) == nil)
        #expect(d.problem(name: "supplementaryElementKinds", type: .table) == nil)
        #expect(d.problem(name: "rows", type: .table) == nil)
        let other = LuaProtocolDeclaration("UIViewController", [.init("viewDidLoad", .optional, "loaded")])
        // A name one protocol declares is not a typo of another's.
        #expect(LuaProtocolDeclaration.problem(members: [("viewDidLoad", .function)], playing: [d, other]) == nil)
        #expect(LuaProtocolDeclaration.problem(members: [("viewDidLod", .function)], playing: [d, other])
                == "unknown method 'viewDidLod' for UIViewController (did you mean 'viewDidLoad'?)")
    }

    @Test("memberTypes reads a table's keys and what it inherits through __index tables, raw")
    func memberTypes() throws {
        let state = try LuaState()
        try state.load("""
            local Base = { didChangeObject = function() end, shared = 1 }
            Base.__index = Base
            local Mid = setmetatable({ controllerDidChangeContent = function() end, shared = "x" }, Base)
            Mid.__index = Mid
            return setmetatable({ own = true }, Mid)
            """, chunkName: "=members")
        try state.pcall(arguments: 0, results: 1)
        let members = try state.memberTypes(ofTableAt: -1)
        #expect(members.map(\.name) == ["own", "__index", "controllerDidChangeContent", "shared", "didChangeObject"])
        #expect(members.map(\.type) == [.boolean, .table, .function, .string, .function])
        #expect(state.top == 1)
    }
}
