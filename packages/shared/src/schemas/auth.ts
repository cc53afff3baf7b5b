import { z } from "zod";

/** Login form (spec 2 section 5). The server only needs a non-empty password. */
export const loginFormSchema = z.object({
  email: z.string().trim().pipe(z.email("Por favor, insira um email válido.")),
  password: z.string().min(6, "A senha deve ter pelo menos 6 caracteres."),
});

export const loginBodySchema = z.object({
  email: z
    .string({ error: "Required" })
    .trim()
    .max(254)
    .pipe(z.email("Por favor, insira um email válido."))
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: "Required" }).min(1, "Required").max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const recoverPasswordSchema = z.object({
  email: z
    .string({ error: "Por favor, insira um email válido." })
    .trim()
    .max(254)
    .pipe(z.email("Por favor, insira um email válido."))
    .transform((v) => v.toLowerCase()),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Link inválido" }).min(10, "Link inválido").max(200),
    password: z
      .string({ error: "A senha deve ter no mínimo 6 caracteres" })
      .min(6, "A senha deve ter no mínimo 6 caracteres")
      .max(50, "Too Long!"),
    confirmPassword: z.string({ error: "As senhas não coincidem" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "As senhas não coincidem",
    path: ["confirmPassword"],
  });
