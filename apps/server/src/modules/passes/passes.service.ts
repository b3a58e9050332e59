import { AppError } from '../../graphql/errors.ts';
import type { PassesRepository } from './passes.repository.ts';

const notYet = (): never => {
  throw new AppError('INTERNAL_SERVER_ERROR', 'Passes are being built: this operation is not available yet.');
};

export function createPassesService(deps: { repository: PassesRepository }) {
  const { repository } = deps;
  return {
    accountOfProject: (id: string) => repository.accountOfProject(id),
    accountOfPolicy: (id: string) => repository.accountOfPolicy(id),
    accountOfTemplate: (id: string) => repository.accountOfTemplate(id),
    accountOfPass: (id: string) => repository.accountOfPass(id),
    accountOfApiKey: (id: string) => repository.accountOfApiKey(id),
    projects: async (..._args: unknown[]): Promise<never> => notYet(),
    project: async (..._args: unknown[]): Promise<never> => notYet(),
    overview: async (..._args: unknown[]): Promise<never> => notYet(),
    list: async (..._args: unknown[]): Promise<never> => notYet(),
    pass: async (..._args: unknown[]): Promise<never> => notYet(),
    createProject: async (..._args: unknown[]): Promise<never> => notYet(),
    updateProject: async (..._args: unknown[]): Promise<never> => notYet(),
    deleteProject: async (..._args: unknown[]): Promise<never> => notYet(),
    createPolicy: async (..._args: unknown[]): Promise<never> => notYet(),
    updatePolicy: async (..._args: unknown[]): Promise<never> => notYet(),
    deletePolicy: async (..._args: unknown[]): Promise<never> => notYet(),
    createTemplate: async (..._args: unknown[]): Promise<never> => notYet(),
    updateTemplate: async (..._args: unknown[]): Promise<never> => notYet(),
    setTemplateImage: async (..._args: unknown[]): Promise<never> => notYet(),
    deleteTemplate: async (..._args: unknown[]): Promise<never> => notYet(),
    createApiKey: async (..._args: unknown[]): Promise<never> => notYet(),
    revokeApiKey: async (..._args: unknown[]): Promise<never> => notYet(),
    createWebhook: async (..._args: unknown[]): Promise<never> => notYet(),
    updateAppleCredentials: async (..._args: unknown[]): Promise<never> => notYet(),
    updateGoogleCredentials: async (..._args: unknown[]): Promise<never> => notYet(),
    resetCredentials: async (..._args: unknown[]): Promise<never> => notYet(),
    invalidate: async (..._args: unknown[]): Promise<never> => notYet(),
  };
}

export type PassesService = ReturnType<typeof createPassesService>;
