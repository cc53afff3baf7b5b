import { zodResolver } from "@hookform/resolvers/zod";
import { type SignupBody, type SignupInput, signupSchema } from "@inbox/shared";
import { Button, Link, MenuItem, TextField } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { isApiError } from "../../api/api-error";
import { usePublicPlans, useSignup } from "../../api/signup";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { AuthCard } from "../../components/AuthCard";
import { muiRegister } from "../../components/mui-register";
import { PasswordField } from "../../components/PasswordField";

type TextFieldName = "companyName" | "document" | "name" | "phone" | "email";
const TEXT_FIELDS: { name: TextFieldName; type?: string; autoComplete?: string }[] = [
  { name: "companyName", autoComplete: "organization" },
  { name: "document" },
  { name: "name", autoComplete: "name" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "email", type: "email", autoComplete: "email" },
];

/**
 * Public signup (spec 2 sections 2, 4 and 5): company name, CPF or CNPJ,
 * name, phone, e-mail, password and a public plan; the spec's messages come
 * from the shared schema the server checks too. Success goes back to /login
 * with a toast; the new company's admin can sign in at once.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = usePublicPlans();
  const signup = useSignup();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupBody>({
    resolver: zodResolver(signupSchema),
    defaultValues: {
      companyName: "",
      document: "",
      name: "",
      phone: "",
      email: "",
      password: "",
      planId: "",
      companyId: params.get("companyId") ?? undefined,
    },
  });

  const onSubmit = async (values: SignupBody) => {
    try {
      await signup.mutateAsync(values);
      toast.success(t("auth.signup.success"));
      navigate("/login");
    } catch (error) {
      // A field the server names (taken e-mail, unavailable plan) is marked on the form too.
      if (isApiError(error) && error.field && error.field in values)
        setError(error.field as keyof SignupInput, { message: error.message });
      toastError(error);
    }
  };

  return (
    <AuthCard title={t("auth.signup.title")}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        {TEXT_FIELDS.map(({ name, type, autoComplete }, index) => (
          <TextField
            key={name}
            {...muiRegister(register(name))}
            id={`signup-${name}`}
            label={t(`auth.signup.${name}`)}
            type={type ?? "text"}
            autoComplete={autoComplete}
            autoFocus={index === 0}
            fullWidth
            margin="dense"
            error={Boolean(errors[name])}
            helperText={errors[name]?.message}
          />
        ))}
        <PasswordField
          {...register("password")}
          id="signup-password"
          label={t("auth.signup.password")}
          autoComplete="new-password"
          fullWidth
          margin="dense"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Controller
          control={control}
          name="planId"
          render={({ field }) => (
            <TextField
              select
              id="signup-plan"
              label={t("auth.signup.plan")}
              fullWidth
              margin="dense"
              name={field.name}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.planId) || plans.isError}
              helperText={errors.planId?.message ?? (plans.isError ? t("auth.signup.plansError") : undefined)}
            >
              {(plans.data ?? []).map((plan) => (
                <MenuItem key={plan.id} value={String(plan.id)}>
                  {t("auth.signup.planOption", {
                    name: plan.name,
                    users: plan.users,
                    connections: plan.connections,
                    queues: plan.queues,
                    amount: plan.amount,
                  })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={isSubmitting}
        >
          {t("auth.signup.submit")}
        </Button>
      </form>
      <Link component={RouterLink} to="/login" variant="body2">
        {t("auth.signup.haveAccount")}
      </Link>
    </AuthCard>
  );
}
