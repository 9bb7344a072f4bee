extension ManagedObjectModel {
    /// A fetch request made from a stored template with its `$VARIABLES` replaced
    /// (`fetchRequestFromTemplate(withName:substitutionVariables:)`).
    ///
    /// ```swift
    /// // template "byName": entity Person, predicate name == $NAME
    /// let request = try model.fetchRequestFromTemplate(named: "byName", substitutionVariables: ["NAME": .string("Ann")])
    /// request.predicate?.predicateFormat   // name == "Ann"
    /// ```
    ///
    /// - Returns: nil when the model has no template of that name (as Core Data returns nil).
    /// - Throws: `.predicateEvaluation` naming the first variable (in name order) the template's predicate
    ///   uses and `variables` lacks, in the words of a missing binding: `Can't get value for 'NAME' in
    ///   bindings {…}.`
    public func fetchRequestFromTemplate(named name: String, substitutionVariables variables: [String: Value] = [:]) throws -> FetchRequest? {
        guard var request = fetchRequestTemplates[name] else { return nil }
        guard let predicate = request.predicate else { return request }
        if let missing = predicate.freeVariableNames.first(where: { variables[$0] == nil }) {
            let bindings = variables.keys.sorted().map { "\($0) = \(variables[$0]!)" }.joined(separator: "; ")
            throw ObjectGraphError(.predicateEvaluation, "Can't get value for '\(missing)' in bindings {\(bindings)}.")
        }
        request.predicate = try predicate.withSubstitutionVariables(variables)
        // `$VAR.key` paths read the variable's object at evaluation.
        request.substitutionVariables = variables
        return request
    }
}
