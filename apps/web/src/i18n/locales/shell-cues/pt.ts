/**
 * The shell's cues of issue 14: the reconnection notice, the one-session rule on the login page,
 * the composer's note mode and emoji picker. Spread into team-tools (the main locale files are at
 * their size limit).
 */
const shellCuesPt = {
  reconnecting: "Reconectando…",
  reconnectingHint: "A conexão com o servidor caiu; as listas se atualizam quando ela voltar.",
  oneSession: "Cada usuário tem uma sessão por vez: entrar aqui encerra a sessão aberta em outro lugar.",
  signedOutElsewhere: "Sua conta foi acessada em outro computador. Entre novamente para continuar.",
  noteMode: "Modo nota interna ativo: as mensagens ficam só para a equipe.",
  noteModeOff: "Sair do modo nota",
  emojiSearch: "Pesquisar emoji",
  emojiLoading: "Carregando emojis...",
  emojiCategories: {
    suggested: "Usados recentemente",
    smileys_people: "Carinhas e pessoas",
    animals_nature: "Animais e natureza",
    food_drink: "Comidas e bebidas",
    travel_places: "Viagens e lugares",
    activities: "Atividades",
    objects: "Objetos",
    symbols: "Símbolos",
    flags: "Bandeiras",
  },
};

export default shellCuesPt;
